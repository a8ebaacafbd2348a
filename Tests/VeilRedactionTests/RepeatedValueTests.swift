import Testing
import VeilScreen
@testable import VeilRedaction

/// Issue #17: a value a rule found is hidden wherever it appears again, on the same screen,
/// in later screens (frames) and in the rest of a text stream: bare, inside a longer line,
/// quoted, soft-wrapped, split or cut by the screen's edge. Values under 6 characters are
/// not propagated.
@Suite struct RepeatedValueTests {
    static let value = "S3cr3t-P@ssw0rd!"

    static func screen(_ text: String, cols: Int = 80, rows: Int = 24) throws -> Screen {
        var terminal = try Terminal(cols: cols, rows: rows)
        terminal.feed(Array(text.utf8))
        return terminal.screen
    }

    /// The cells the findings hide.
    static func hidden(_ findings: [Finding]) -> Set<[Int]> {
        Set(findings.flatMap { $0.spans.flatMap { span in span.columns.map { [span.row, $0] } } })
    }

    static func cells(row: Int, _ columns: Range<Int>) -> Set<[Int]> { Set(columns.map { [row, $0] }) }

    @Test func thePythonREPLCase() throws {
        let screen = try Self.screen(
            ">>> cfg = {'password': '\(Self.value)', 'host': 'db'}\r\n>>> print(cfg['password'])\r\n"
                + "\(Self.value)\r\n>>> ")
        let findings = try RuleSet.builtIn.findings(in: screen)
        let hidden = Self.hidden(findings)
        #expect(hidden.isSuperset(of: Self.cells(row: 0, 24..<40)))
        #expect(hidden.isSuperset(of: Self.cells(row: 2, 0..<16)), "\(findings)")
        // The repeat is reported under the rule that found the value, and nothing else is hidden.
        #expect(findings.map(\.ruleID) == ["password.labelled", "password.labelled"])
        #expect(hidden.count == 32)
    }

    @Test(arguments: [
        ("inside a longer line", "login as admin with \(value), ok", 20),
        ("glued to other text", "X=abc\(value)def", 5),
        ("double-quoted", "echo \"\(value)\"", 6),
        ("single-quoted", "run --pass '\(value)' now", 12),
    ])
    func anotherOccurrenceOnTheScreen(name: String, line: String, column: Int) throws {
        let screen = try Self.screen("password: \(Self.value)\r\n\(line)")
        let hidden = Self.hidden(try RuleSet.builtIn.findings(in: screen))
        #expect(hidden.isSuperset(of: Self.cells(row: 1, column..<(column + 16))), "\(name)")
    }

    @Test func softWrappedAcrossTwoRows() throws {
        // 20 columns: the labelled line takes rows 0–1; the repeat starts at column 11 of
        // row 2 and the terminal wraps it onto row 3.
        let screen = try Self.screen("password: \(Self.value)\r\necho 12345 \(Self.value) ok", cols: 20)
        #expect(screen.wrapped[2])
        let findings = try RuleSet.builtIn.findings(in: screen)
        let hidden = Self.hidden(findings)
        #expect(hidden.isSuperset(of: Self.cells(row: 2, 11..<20)), "\(findings)")
        #expect(hidden.isSuperset(of: Self.cells(row: 3, 0..<7)), "\(findings)")
        #expect(hidden.isDisjoint(with: Self.cells(row: 3, 8..<10)))
    }

    @Test func splitByTheRightEdgeWithoutASoftWrap() throws {
        // The program breaks the line itself: row 3 ends with the value's first 8 characters
        // at its last column, and row 4 starts with the rest; no wrap flag joins them.
        let screen = try Self.screen(
            "password: \(Self.value)\r\n\r\nabcdefghijkl\(Self.value.prefix(8))\r\n\(Self.value.dropFirst(8)) done",
            cols: 20)
        #expect(!screen.wrapped[3])
        let hidden = Self.hidden(try RuleSet.builtIn.findings(in: screen))
        #expect(hidden.isSuperset(of: Self.cells(row: 3, 12..<20)))
        #expect(hidden.isSuperset(of: Self.cells(row: 4, 0..<8)))
        #expect(hidden.isDisjoint(with: Self.cells(row: 4, 9..<13)))
    }

    @Test func cutByTheRightEdge() throws {
        // A TUI truncates the row: only the value's first 9 characters fit.
        let screen = try Self.screen(
            "password: \(Self.value)\r\n\r\nabcdefghijk\(Self.value.prefix(9))\r\nother line", cols: 20)
        let hidden = Self.hidden(try RuleSet.builtIn.findings(in: screen))
        #expect(hidden.isSuperset(of: Self.cells(row: 3, 11..<20)))
        #expect(hidden.isDisjoint(with: Self.cells(row: 4, 0..<10)))
        // Fewer than 6 characters at the edge are not enough to tell.
        let short = try Self.screen(
            "password: \(Self.value)\r\n\r\nabcdefghijklmnop\(Self.value.prefix(4))\r\nother line", cols: 20)
        #expect(Self.hidden(try RuleSet.builtIn.findings(in: short)).isDisjoint(with: Self.cells(row: 3, 0..<20)))
    }

    @Test func valuesUnderSixCharactersAreNotPropagated() throws {
        let screen = try Self.screen("password: Ab1x9\r\nAb1x9 is also a word here")
        let findings = try RuleSet.builtIn.findings(in: screen)
        #expect(findings.count == 1)
        #expect(Self.hidden(findings).isDisjoint(with: Self.cells(row: 1, 0..<24)))
    }

    @Test func valuesFoundOnAnEarlierScreenAreHiddenOnALaterOne() throws {
        let rules = try RuleSet.builtIn
        var known = KnownValues()
        let first = try Self.screen(">>> cfg = {'password': '\(Self.value)'}")
        known.remember(try rules.findings(in: first, known: known))
        #expect(known.count == 1)
        let later = try Self.screen(">>> print(cfg['password'])\r\n\(Self.value)")
        // Alone, the later screen shows nothing sensitive; with what the first one found, the value is hidden.
        #expect(try rules.findings(in: later).isEmpty)
        let findings = try rules.findings(in: later, known: known)
        #expect(findings.map(\.ruleID) == ["password.labelled"])
        #expect(Self.hidden(findings) == Self.cells(row: 1, 0..<16))
        // Remembering the same value again adds nothing.
        known.remember(findings)
        #expect(known.count == 1)
    }

    @Test func knownValuesAreBoundedOldestFirst() throws {
        let rules = try RuleSet.builtIn
        var known = KnownValues()
        for index in 0..<(KnownValues.maximumCount + 10) {
            let screen = try Self.screen("password: Value-\(index)-Xk")
            known.remember(try rules.findings(in: screen))
        }
        // Past the limit the oldest quarter is forgotten at once (the index is rebuilt then).
        #expect(known.count == KnownValues.maximumCount * 3 / 4 + 9)
        #expect(try rules.findings(in: try Self.screen("Value-3-Xk"), known: known).isEmpty)
        #expect(try rules.findings(in: try Self.screen("Value-1030-Xk"), known: known).count == 1)
        #expect(try rules.findings(in: try Self.screen("Value-4100-Xk"), known: known).count == 1)
    }

    @Test func theTitleToo() throws {
        let screen = try Self.screen("\u{1B}]2;deploy \(Self.value)\u{07}password: \(Self.value)")
        let findings = try RuleSet.builtIn.findings(in: screen)
        #expect(findings.contains { $0.location == .title && $0.ruleID == "password.labelled" }, "\(findings)")
    }

    @Test func laterPiecesOfATextStream() throws {
        var stream = TextStream(rules: try RuleSet.builtIn)
        let first = try stream.redact(Array(">>> cfg = {'password': '\(Self.value)'}\n".utf8))
        #expect(!String(decoding: first, as: UTF8.self).contains(Self.value))
        let second = try stream.redact(Array(">>> print(cfg['password'])\n\(Self.value)\n".utf8), isFinal: true)
        #expect(String(decoding: second, as: UTF8.self) == ">>> print(cfg['password'])\n" + "•" * 16 + "\n")
    }
}

private func * (text: String, count: Int) -> String { String(repeating: text, count: count) }
