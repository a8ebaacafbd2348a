import Foundation
import VeilRedaction
import VeilRender
import VeilScreen
import VeilTestSupport

/// The oracles of the privacy stress test: the screen's text as a reader sees it (with the
/// cell behind each character), where each planted secret still stands intact, which cells a
/// plan hides, a copy of a screen whose hidden cells hold other content, and leak searches.
enum PrivacyOracle {
    /// One logical line: rows joined where the terminal soft-wrapped, base characters only.
    struct Line {
        var scalars: [Unicode.Scalar] = []
        var cells: [Int] = []
    }

    /// The screen's logical lines (an independent reading of what the detectors read).
    static func lines(of screen: Screen) -> [Line] {
        var lines: [Line] = []
        var current = Line()
        for row in 0..<screen.rows {
            let continues = screen.wrapped[row] && row + 1 < screen.rows
            var last = screen.cols - 1
            // A wide character that did not fit in the last column left it blank.
            if continues && screen[row, last].scalar == " " && screen[row, last].width == 1
                && screen[row + 1, 0].width == 2
            {
                last -= 1
            }
            for col in 0...max(0, last) where last >= 0 {
                let cell = screen[row, col]
                if cell.width == 0 { continue }
                current.scalars.append(cell.scalar.value == 0 ? " " : cell.scalar)
                current.cells.append(row * screen.cols + col)
            }
            if !continues {
                lines.append(current)
                current = Line()
            }
        }
        return lines
    }

    /// Offsets in `haystack` where `needle` starts.
    static func occurrences(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> [Int] {
        guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
        var found: [Int] = []
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0] && Array(haystack[start..<(start + needle.count)]) == needle {
                found.append(start)
            }
            start += 1
        }
        return found
    }

    /// The cells of every place where a planted secret stands intact with the text it was
    /// printed with (label and delimiters), so that its detector must find it there. A
    /// delimiter of spaces may be cut by the start or end of the line. For a private key,
    /// its body lines below a visible header (and above the next END line).
    static func expectedHiddenCells(_ placement: StressSession.Placement, lines: [Line]) -> [[Int]] {
        let secret = placement.secret
        if let anchor = secret.anchor {
            let header = Array(anchor.unicodeScalars)
            var result: [[Int]] = []
            for (index, line) in lines.enumerated() where !occurrences(of: header, in: line.scalars).isEmpty {
                for below in lines[(index + 1)...] {
                    if !occurrences(of: Array("-----END".unicodeScalars), in: below.scalars).isEmpty { break }
                    for body in secret.secrets {
                        let scalars = Array(body.unicodeScalars)
                        for offset in occurrences(of: scalars, in: below.scalars) {
                            result.append(Array(below.cells[offset..<(offset + scalars.count)]))
                        }
                    }
                }
            }
            return result
        }
        let text = secret.lines[0]
        let core = Array(text.unicodeScalars)
        guard let secretText = secret.secrets.first, let range = text.range(of: secretText, options: .backwards) else {
            return []
        }
        let secretOffset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound)
        let secretLength = secretText.unicodeScalars.count
        let left = Array(placement.left.unicodeScalars), right = Array(placement.right.unicodeScalars)
        let leftIsSpace = left.allSatisfy { $0 == " " }, rightIsSpace = right.allSatisfy { $0 == " " }
        var result: [[Int]] = []
        for line in lines {
            for offset in occurrences(of: core, in: line.scalars) {
                let before = Array(line.scalars[max(0, offset - left.count)..<offset])
                let afterStart = offset + core.count
                let after = Array(line.scalars[afterStart..<min(line.scalars.count, afterStart + right.count)])
                let leftOK =
                    before == left || (leftIsSpace && offset - before.count == 0 && before.allSatisfy { $0 == " " })
                let rightOK =
                    after == right
                    || (rightIsSpace && afterStart + after.count == line.scalars.count
                        && after.allSatisfy { $0 == " " })
                guard leftOK && rightOK else { continue }
                let start = offset + secretOffset
                result.append(Array(line.cells[start..<(start + secretLength)]))
            }
        }
        return result
    }

    /// The cells a plan replaces (both halves of a wide character; every cell for a cover).
    static func hiddenCells(_ plan: RedactionPlan, on screen: Screen) -> Set<Int> {
        if plan.coversEverything { return Set(0..<screen.cells.count) }
        var hidden = Set<Int>()
        for entry in plan.entries {
            var first = entry.col, last = entry.col + entry.width - 1
            if screen[entry.row, first].width == 0 && first > 0 { first -= 1 }
            if screen[entry.row, last].width == 2 && last + 1 < screen.cols { last += 1 }
            for col in first...last { hidden.insert(entry.row * screen.cols + col) }
        }
        return hidden
    }

    /// `screen` with every cell of `hidden` given other random content (character, marks,
    /// colours, attributes, hyperlink) of the same width; marks and geometry stay.
    static func scrambled(_ screen: Screen, hidden: Set<Int>, random: inout SeededGenerator) -> Screen {
        var out = screen
        let narrow = Array("abcXYZ0123456789@#%&*|/_.-=~█▓░€ßΩЖक".unicodeScalars)
        let wide = Array("漢字表示한국어かなテスト世界語默認".unicodeScalars)
        var screens = RandomScreens(random: SeededGenerator(seed: random.next()))
        for index in hidden.sorted() {
            var cell = out.cells[index]
            guard cell.width != 0 else { continue }
            cell.scalar = cell.width == 2 ? random.pick(wide) : random.pick(narrow)
            cell.foreground = screens.color()
            cell.background = screens.color()
            cell.underlineColor = screens.color()
            cell.attributes = screens.attributes()
            cell.underlineStyle = random.pick([.none, .single, .double, .curly])
            cell.clusterIndex = 0
            if random.chance(20) {
                out.clusters.append(String(String.UnicodeScalarView([cell.scalar, random.pick(RandomScreens.marks)])))
                cell.clusterIndex = UInt32(out.clusters.count - 1)
            }
            if random.chance(10) {
                out.links.append("https://leak.invalid/\(index)")
                cell.linkIndex = UInt16(out.links.count - 1)
            }
            out.cells[index] = cell
        }
        return out
    }

    /// Whether `bytes` contain `needle` (memchr for the first byte, then memcmp).
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        return bytes.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return false }
                let last = hay.count - pin.count
                var offset = 0
                while offset <= last {
                    guard let hit = memchr(base + offset, Int32(needle[0]), last - offset + 1) else { return false }
                    offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, pinBase, pin.count) == 0 { return true }
                    offset += 1
                }
                return false
            }
        }
    }

    /// The first leak form of `secrets` found in `bytes`, if any.
    static func leak(in bytes: [UInt8], of secrets: [PlantedSecret]) -> String? {
        for secret in secrets {
            for form in secret.leakForms where contains(bytes, Array(form.utf8)) { return form }
        }
        return nil
    }

    /// The first leak form of `secrets` found in `text`, if any.
    static func leak(in text: String, of secrets: [PlantedSecret]) -> String? {
        leak(in: Array(text.utf8), of: secrets)
    }
}
