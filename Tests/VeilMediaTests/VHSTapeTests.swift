import Testing
@testable import VeilMedia

@Suite struct VHSTapeTests {
    @Test func tokensCarryTheirPlaces() {
        let tape = VHSTape(
            text: """
                # demo tape
                Output demo.gif
                Set FontSize 22
                Set Theme { "name": "x",
                  "black": "#000000" }
                Type@50ms "echo 'hi'" `and more`
                Ctrl+Shift+C
                Wait+Screen /\\$ $/
                Env TOKEN "abc"
                """)
        #expect(tape.commands.map(\.name) == ["#", "Output", "Set", "Set", "Type", "Ctrl", "Wait", "Env"])
        let type = tape.commands[4]
        #expect(type.strings.map(\.text) == ["echo 'hi'", "and more"])
        #expect(type.strings.map(\.line) == [6, 6])
        #expect(type.strings.map(\.column) == [12, 24])
        #expect(tape.commands[3].arguments.last?.kind == .json)
        #expect(tape.commands[5].arguments.map(\.text) == ["+", "Shift", "+", "C"])
        #expect(tape.commands[6].arguments.last?.kind == .regex)
        #expect(tape.commands[0].token.text == " demo tape")
    }

    @Test func typedLinesApplyTheKeysAndKeepPlaces() throws {
        let tape = VHSTape(
            text: """
                Type "export TOKEN=abd"
                Backspace
                Type "c"
                Space 2
                Type "x" "y"
                Enter
                Copy "secret"
                Type "p="
                Paste
                Ctrl+U
                Type "z"
                """)
        let texts = tape.texts
        let lines = texts.filter { $0.label == "typed line" }
        #expect(lines.map(\.text) == ["export TOKEN=abc  x y", "z"])
        #expect(texts.contains { $0.label == "typed keys" && $0.text == "export TOKEN=abdc  x y" })
        #expect(texts.contains { $0.label == "typed keys" && $0.text == "p=secretz" })
        let first = try #require(lines.first)
        // "c" typed on line 3, column 7.
        let c = first.text.utf8.count - "  x y".utf8.count - 1
        #expect(first.place(ofByte: c) == (3, 7) as (Int, Int))
        #expect(texts.contains { $0.label == "Copy" && $0.text == "secret" })
    }

    @Test func envAndSetAreNameEqualsValue() {
        let texts = VHSTape(text: "Env GITHUB_TOKEN \"ghp_x\"\nSet Shell 'bash'\n").texts
        #expect(texts.map(\.text) == ["GITHUB_TOKEN=ghp_x", "Shell=bash"])
        #expect(texts[0].place(ofByte: 13) == (1, 19) as (Int, Int))
        #expect(texts[0].place(ofByte: 0) == (1, 5) as (Int, Int))
    }
}
