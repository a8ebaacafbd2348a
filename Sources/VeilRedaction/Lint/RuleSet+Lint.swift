import Foundation
import VeilScreen

/// An example of a rule that did not behave as it says.
public struct LintFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the example is written.
    public var position: SourcePosition?
    /// The rule the example belongs to.
    public var ruleID: String
    /// Which variant of the example failed (`as written`, `after a CJK and emoji prefix`, …).
    public var variant: String
    /// What went wrong: character positions only, never the example's text.
    public var message: String

    public var description: String {
        let place = position.map { "\($0): " } ?? ""
        return "\(place)rule '\(ruleID)' example (\(variant)): \(message)"
    }
}

/// The ways an example is re-run, SwiftLint style, to catch offset and wrapping bugs.
public enum ExampleVariant: String, Hashable, Sendable, CaseIterable {
    /// The example as written.
    case plain = "as written"
    /// Each line prefixed with CJK characters and an emoji (wide cells shift columns).
    case wideCharacterPrefix = "after a CJK and emoji prefix"
    /// Laid out on a narrower screen so the first span soft-wraps across rows.
    case softWrapped = "soft-wrapped across rows"
    /// Fed through the terminal with SGR colour and underline escapes between characters,
    /// which must change nothing.
    case sgrEscapes = "wrapped in SGR escapes"
    /// With a global allowlist regex matching the first span: it must no longer be hidden.
    case allowlisted = "inside an allowlist"
    /// With a global stopword taken from the first span: it must no longer be hidden.
    case stopword = "with a stopword"
}

extension RuleSet {
    /// Runs every rule's examples (each must hide exactly its `↓` spans) and negative
    /// examples (nothing may be found), disabled rules included, in the given variants. All
    /// examples share one regex budget (``RuleSet/regexInputBudgetSteps``): a rules file's
    /// examples are one input, so a hostile file cannot multiply the budget by its examples.
    public func lint(variants: [ExampleVariant] = ExampleVariant.allCases) -> [LintFailure] {
        var failures: [LintFailure] = []
        let allowance = RegexAllowance()
        for rule in rules {
            let single = only(rule.id)
            for example in rule.examples {
                for variant in variants {
                    if let message = Self.check(
                        example, positive: true, rule: rule, rules: single, variant: variant,
                        allowance: allowance)
                    {
                        failures.append(
                            LintFailure(
                                position: example.position, ruleID: rule.id,
                                variant: variant.rawValue, message: message))
                    }
                }
            }
            for example in rule.negativeExamples {
                for variant in variants where variant != .allowlisted && variant != .stopword {
                    if let message = Self.check(
                        example, positive: false, rule: rule, rules: single, variant: variant,
                        allowance: allowance)
                    {
                        failures.append(
                            LintFailure(
                                position: example.position, ruleID: rule.id,
                                variant: variant.rawValue, message: message))
                    }
                }
            }
        }
        return failures
    }

    /// The failure message for one example in one variant, or nil when it behaves.
    static func check(
        _ example: RuleExample, positive: Bool, rule: Rule, rules: RuleSet,
        variant: ExampleVariant, allowance: RegexAllowance = RegexAllowance()
    ) -> String? {
        let original = Array(example.text.unicodeScalars)
        var scalars = original
        var expected = Set(example.expected.flatMap { $0 }).filter { original[$0] != "\n" }
        var cols: Int?
        var rules = rules
        switch variant {
        case .plain, .sgrEscapes:
            break
        case .wideCharacterPrefix:
            // A rule anchored to a line's start (a `^` keyword) is shifted by wide blanks
            // (ideographic spaces), the indentation it may follow; others by CJK text.
            let anchored = rule.keywords.contains(where: Rule.isAnchoredKeyword)
            let prefix = Array((anchored ? "\u{3000}\u{3000}" : "说明🙂 ").unicodeScalars)
            var shifted: [Unicode.Scalar] = []
            var map: [Int] = []
            // Every line gets the prefix, except lines a span continues onto (a key block).
            let inside = Set(example.expected.flatMap { $0 })
            var atLineStart = true
            for (offset, scalar) in original.enumerated() {
                if atLineStart { shifted += prefix }
                map.append(shifted.count)
                shifted.append(scalar)
                atLineStart = scalar == "\n" && !inside.contains(offset)
            }
            scalars = shifted
            expected = Set(expected.map { map[$0] })
        case .softWrapped:
            guard let layout = try? TextLayout(String(String.UnicodeScalarView(original))) else {
                return "the example does not fit on a screen"
            }
            // Wrap in the middle of the first span, or halfway along the longest line.
            if let first = example.expected.first, let start = layout.cells[first.lowerBound] {
                let end = layout.cells[first.upperBound - 1] ?? start
                let startCol = start % layout.screen.cols
                let endCol = end % layout.screen.cols
                cols = max(2, endCol > startCol ? (startCol + endCol + 1) / 2 : startCol + 1)
            } else {
                cols = max(2, (TextLayout.longestLineWidth(example.text) + 1) / 2)
            }
        case .allowlisted, .stopword:
            guard let first = example.expected.first else { return nil }
            let firstLine = String(String.UnicodeScalarView(original[first].prefix { $0 != "\n" }))
            if variant == .allowlisted {
                guard let pattern = try? RegexPattern(NSRegularExpression.escapedPattern(for: firstLine)) else {
                    return "cannot build an allowlist for the example"
                }
                rules.allowlists.append(Allowlist(description: "lint", regexes: [pattern]))
            } else {
                rules.allowlists.append(Allowlist(description: "lint", stopwords: [firstLine]))
            }
            expected.subtract(first)
        }
        let text = String(String.UnicodeScalarView(scalars))
        let layout: TextLayout
        var screen: Screen
        do {
            layout = try TextLayout(text, cols: cols)
            screen = layout.screen
            if variant == .sgrEscapes {
                screen = try terminalScreen(
                    text, cols: screen.cols, rows: screen.rows,
                    boundaries: Set(example.expected.flatMap { [$0.lowerBound, $0.upperBound] }))
                guard screen.lines() == layout.screen.lines() else {
                    return "the terminal laid the example out differently"
                }
            }
        } catch {
            return "the example does not fit on a screen"
        }
        let findings: [Finding]
        do {
            findings = try rules.findings(in: screen, allowance: allowance)
                .filter { $0.ruleID == rule.id && $0.location == .screen }
        } catch {
            return "detection failed: \(error)"
        }
        var hiddenCells = Set<Int>()
        for finding in findings {
            for span in finding.spans {
                for col in span.columns { hiddenCells.insert(span.row * layout.screen.cols + col) }
            }
        }
        var hidden = Set<Int>()
        for (offset, cell) in layout.cells.enumerated() {
            if let cell, hiddenCells.contains(cell) { hidden.insert(offset) }
        }
        if variant == .allowlisted || variant == .stopword {
            // Only the allowlisted span is checked: the example's other spans may stay.
            guard let first = example.expected.first else { return nil }
            let leaked = hidden.intersection(first.filter { original[$0] != "\n" })
            return leaked.isEmpty ? nil : "still hides the allowlisted span at characters \(describe(leaked))"
        }
        if !positive {
            return hidden.isEmpty ? nil : "a negative example, but hides characters \(describe(hidden))"
        }
        if hidden == expected { return nil }
        let found = hidden.isEmpty ? "nothing" : "characters \(describe(hidden))"
        return "expected ↓ spans at characters \(describe(expected)), hid \(found)"
    }

    /// The screen a terminal shows for `text` printed with SGR escapes: a colour at each
    /// line start, underline on and off at each span boundary (`boundaries`, character
    /// offsets), and a reset before every newline.
    static func terminalScreen(_ text: String, cols: Int, rows: Int, boundaries: Set<Int>) throws -> Screen {
        var terminal = try Terminal(cols: cols, rows: rows)
        var bytes: [UInt8] = Array("\u{1B}[1;32m".utf8)
        var underline = false
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if boundaries.contains(offset) {
                underline.toggle()
                bytes += Array((underline ? "\u{1B}[4;38;5;208m" : "\u{1B}[24;39m").utf8)
            }
            if scalar == "\n" {
                bytes += Array("\u{1B}[0m\r\n\u{1B}[1;32m".utf8)
            } else {
                bytes += Array(String(Character(scalar)).utf8)
            }
        }
        bytes += Array("\u{1B}[0m".utf8)
        terminal.feed(bytes)
        return terminal.screen
    }

    /// 1-based character ranges: `7–25, 30–31`.
    static func describe(_ offsets: Set<Int>) -> String {
        var ranges: [String] = []
        var sorted = offsets.sorted()[...]
        while let start = sorted.first {
            var end = start
            sorted = sorted.dropFirst()
            while sorted.first == end + 1 {
                end += 1
                sorted = sorted.dropFirst()
            }
            ranges.append(start == end ? "\(start + 1)" : "\(start + 1)–\(end + 1)")
        }
        return ranges.joined(separator: ", ")
    }
}
