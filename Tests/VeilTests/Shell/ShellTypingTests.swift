import Foundation
import Testing
import VeilRedaction
import VeilScreen

@testable import Veil

/// Fail closed, pinned: a value typed (or printed) one character at a time is hidden from
/// the frame in which a rule first matches it; before that, the characters typed so far
/// show. For each built-in rule, the first one-line example of the rule is typed at a
/// prompt, a frame judged after every character, and this counts how many characters of the
/// value are typed when it is first hidden and how many are ever visible at once. The table
/// is Docs/shell.md's ("What a value shows while it is typed"), checked here row by row.
///
/// `VEIL_SHELL_TYPING_TABLE=1 swift test --filter ShellTypingTests` prints the table.
@Suite struct ShellTypingTests {
    /// How typing one example went.
    struct Typing: Equatable {
        var rule: String
        /// What the example has before the value (its label or context), typed first.
        var before: String
        /// Characters in the value (the example's marked span).
        var length: Int
        /// Characters of the value typed when one of its cells was first hidden (nil: never).
        var hiddenFrom: Int?
        /// The most characters of the value visible in one frame before it was complete.
        var mostVisible: Int
        /// Characters of the value visible once the whole example is typed (must be 0).
        var visibleAtEnd: Int
        /// ``hiddenFrom`` when the value is typed alone, without what is before and after it.
        var aloneHiddenFrom: Int?
    }

    static func type(_ example: RuleExample, rule: String, rules: RuleSet) throws -> Typing? {
        guard !example.text.contains("\n"), let span = example.expected.first else { return nil }
        var typing = try type(example.text, span: span, rule: rule, rules: rules)
        let value = String(String.UnicodeScalarView(Array(example.text.unicodeScalars)[span]))
        typing.aloneHiddenFrom = try type(value, span: 0..<span.count, rule: rule, rules: rules).hiddenFrom
        return typing
    }

    /// Types `text` key by key at a prompt; `span` is the value's characters in it.
    static func type(_ text: String, span: Range<Int>, rule: String, rules: RuleSet) throws -> Typing {
        let prompt = "$ "
        let scalars = Array(text.unicodeScalars)
        var shell = try ShellScreen(cols: 300, rows: 3, rules: rules, style: .solid)
        shell.feed(Array(prompt.utf8))
        _ = shell.frame()
        // Each character's first column (every example character is one scalar of width 1 or 2).
        var columns: [Int] = []
        var col = prompt.count
        for scalar in scalars {
            columns.append(col)
            col += max(1, CharacterWidth.of(scalar))
        }
        let before = String(String.UnicodeScalarView(scalars[0..<span.lowerBound]))
        var typing = Typing(
            rule: rule, before: before, length: span.count, hiddenFrom: nil, mostVisible: 0, visibleAtEnd: 0,
            aloneHiddenFrom: nil)
        for (index, scalar) in scalars.enumerated() {
            shell.feed(Array(String(scalar).utf8))
            let frame = shell.frame()
            let typed = min(max(0, index + 1 - span.lowerBound), span.count)
            guard typed > 0 else { continue }
            var visible = 0
            for offset in span.lowerBound..<(span.lowerBound + typed)
            where frame.screen[0, columns[offset]].background != RedactionStyle.maskColor {
                visible += 1
            }
            if visible < typed && typing.hiddenFrom == nil { typing.hiddenFrom = typed }
            if typed < span.count || index + 1 < scalars.count {
                if typed < span.count { typing.mostVisible = max(typing.mostVisible, visible) }
            } else {
                typing.visibleAtEnd = visible
            }
        }
        return typing
    }

    static func table() throws -> [Typing] {
        let rules = try RuleSet.builtIn
        var rows: [Typing] = []
        for rule in rules.rules where rule.isEnabled {
            guard let example = rule.examples.first(where: { !$0.text.contains("\n") && $0.expected.count == 1 }),
                let typing = try type(example, rule: rule.id, rules: rules)
            else { continue }
            rows.append(typing)
        }
        return rows
    }

    static func markdown(_ rows: [Typing]) -> String {
        var text = "| rule | typed first | characters in the value | hidden from the character | most characters shown "
        text += "| typed alone: hidden from |\n"
        text += "|---|---|---:|---:|---:|---:|\n"
        for row in rows {
            let before = row.before.isEmpty ? "" : "`" + row.before.replacingOccurrences(of: "|", with: "\\|") + "`"
            text += "| `\(row.rule)` | \(before) | \(row.length) | \(row.hiddenFrom.map(String.init) ?? "never") | "
            text += "\(row.mostVisible) | \(row.aloneHiddenFrom.map(String.init) ?? "never") |\n"
        }
        return text
    }

    @Test func aValueTypedKeyByKeyIsHiddenOnceItMatchesAndAllOfItOnceComplete() throws {
        let rows = try Self.table()
        if ProcessInfo.processInfo.environment["VEIL_SHELL_TYPING_TABLE"] != nil { print(Self.markdown(rows)) }
        #expect(rows.count >= 20, "most built-in rules have a one-line example")
        for row in rows {
            #expect(row.visibleAtEnd == 0, "\(row.rule): \(row.visibleAtEnd) characters of the whole value show")
            #expect(row.hiddenFrom != nil, "\(row.rule): never hidden while typed")
        }
        // The table in Docs/shell.md is this one.
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/shell.md")
        let page = try String(contentsOf: docs, encoding: .utf8)
        #expect(
            page.contains(Self.markdown(rows)), "Docs/shell.md's typing table is out of date:\n\(Self.markdown(rows))")
    }

    @Test func aPastedValueIsNeverShownInPart() throws {
        // A paste is echoed in one write: the first frame that shows it hides all of it.
        var shell = try ShellScreen(cols: 80, rows: 3, rules: RuleSet.builtIn, style: .solid)
        shell.feed(Array("$ export TOKEN=".utf8))
        _ = shell.frame()
        shell.feed(Array(ShellScreenTests.token.utf8))
        let frame = shell.frame()
        #expect(ShellScreenTests.seen(frame.screen, row: 0) == "$ export TOKEN=" + String(repeating: "#", count: 40))
    }
}
