import Testing
@testable import VeilScreen

/// Recorded-action tests of the parser alone (vte-style).
@Suite struct ParserTests {
    @Test func printsAndExecutes() {
        #expect(parse("ab\r\nc\u{7}") == [.print("ab"), .execute(0x0D), .execute(0x0A), .print("c"), .execute(0x07)])
        #expect(parse("a\u{7F}b") == [.print("ab")])
    }

    @Test func controlSequencesWithParametersMarkersAndIntermediates() {
        #expect(
            parse("\u{1B}[1;22H") == [
                .csi(params: [[1], [22]], intermediates: [], marker: nil, final: "H", ignore: false)
            ])
        #expect(parse("\u{1B}[m") == [.csi(params: [], intermediates: [], marker: nil, final: "m", ignore: false)])
        #expect(
            parse("\u{1B}[;5H") == [
                .csi(params: [[0], [5]], intermediates: [], marker: nil, final: "H", ignore: false)
            ])
        #expect(
            parse("\u{1B}[?1049h") == [
                .csi(params: [[1049]], intermediates: [], marker: "?", final: "h", ignore: false)
            ])
        #expect(parse("\u{1B}[>c") == [.csi(params: [], intermediates: [], marker: ">", final: "c", ignore: false)])
        #expect(parse("\u{1B}[!p") == [.csi(params: [], intermediates: [0x21], marker: nil, final: "p", ignore: false)])
        #expect(
            parse("\u{1B}[?2004$p") == [
                .csi(params: [[2004]], intermediates: [0x24], marker: "?", final: "p", ignore: false)
            ])
    }

    /// An empty parameter reads as 0 but is told apart from an explicit 0 (xterm's `DEFAULT`:
    /// `CSI 8;;5 t` keeps the height where `CSI 8;0;5 t` asks for the display's).
    @Test func emptyParametersAreToldApart() {
        struct Last: ParserReceiver {
            var sequence: ControlSequence?
            mutating func csiDispatch(_ sequence: ControlSequence) { self.sequence = sequence }
        }
        func parameters(_ text: String) -> Parameters? {
            var parser = Parser()
            var last = Last()
            parser.advance(Array(text.utf8), into: &last)
            return last.sequence?.parameters
        }
        let empty = parameters("\u{1B}[8;;5t")
        #expect(empty?.groups == [[8], [0], [5]])
        #expect(empty?.isEmpty(0) == false && empty?.isEmpty(1) == true && empty?.isEmpty(2) == false)
        #expect(empty?.isEmpty(3) == true)  // absent
        let zero = parameters("\u{1B}[8;0;5t")
        #expect(zero?.isEmpty(1) == false)
        let trailing = parameters("\u{1B}[8;4;t")
        #expect(trailing?.groups == [[8], [4], [0]] && trailing?.isEmpty(2) == true)
        #expect(parameters("\u{1B}[t")?.count == 0)
    }

    @Test func colonSubParameters() {
        #expect(
            parse("\u{1B}[38:2::1:2:3m") == [
                .csi(params: [[38, 2, 0, 1, 2, 3]], intermediates: [], marker: nil, final: "m", ignore: false)
            ])
        #expect(
            parse("\u{1B}[4:3;1m") == [
                .csi(params: [[4, 3], [1]], intermediates: [], marker: nil, final: "m", ignore: false)
            ])
        #expect(
            parse("\u{1B}[38;5;1m") == [
                .csi(params: [[38], [5], [1]], intermediates: [], marker: nil, final: "m", ignore: false)
            ])
    }

    @Test func limits() {
        // Parameter values are clamped.
        #expect(
            parse("\u{1B}[99999999A") == [
                .csi(params: [[65535]], intermediates: [], marker: nil, final: "A", ignore: false)
            ])
        // 40 parameters: 32 are kept, the surplus digits run into the last one (xterm).
        let forty = (1...40).map { _ in "0" }.joined(separator: ";") + ";31"
        let actions = parse("\u{1B}[\(forty)m")
        guard case .csi(let params, _, _, _, _)? = actions.first else {
            Issue.record("no CSI: \(actions)")
            return
        }
        #expect(params.count == 32)
        #expect(params.last == [31])
        // Three intermediates: dispatched with ignore.
        #expect(
            parse("\u{1B}[ !#p") == [
                .csi(params: [], intermediates: [0x20, 0x21], marker: nil, final: "p", ignore: true)
            ])
        #expect(parse("\u{1B} !#F") == [.esc(intermediates: [0x20, 0x21], final: "F", ignore: true)])
    }

    @Test func privateMarkerAfterParametersIgnoresTheSequence() {
        #expect(parse("\u{1B}[1?hX") == [.print("X")])
    }

    @Test func controlsInsideASequenceAreExecuted() {
        #expect(
            parse("\u{1B}[1\r2H") == [
                .execute(0x0D), .csi(params: [[12]], intermediates: [], marker: nil, final: "H", ignore: false),
            ])
    }

    @Test func cancelAndSubstituteAbort() {
        #expect(parse("\u{1B}[1\u{18}A") == [.execute(0x18), .print("A")])
        #expect(parse("\u{1B}]0;t\u{1A}A") == [.execute(0x1A), .print("A")])
    }

    @Test func escapeSequences() {
        #expect(
            parse("\u{1B}7\u{1B}(0\u{1B}#8") == [
                .esc(intermediates: [], final: "7", ignore: false),
                .esc(intermediates: [0x28], final: "0", ignore: false),
                .esc(intermediates: [0x23], final: "8", ignore: false),
            ])
    }

    @Test func operatingSystemCommandsEndOnBellOrST() {
        #expect(parse("\u{1B}]0;title\u{7}x") == [.osc("0;title", bell: true), .print("x")])
        #expect(
            parse("\u{1B}]2;t\u{1B}\\x") == [
                .osc("2;t", bell: false), .esc(intermediates: [], final: "\\", ignore: false), .print("x"),
            ])
        #expect(parse("\u{1B}]2;tïtle\u{7}") == [.osc("2;tïtle", bell: true)])
    }

    @Test func overlongStringsAreSwallowedToTheirEnd() {
        let long = String(repeating: "x", count: Parser.maximumStringLength + 10)
        #expect(parse("\u{1B}]0;\(long)\u{7}ok") == [.print("ok")])
        let megabyte = String(repeating: "y", count: 1 << 20)
        #expect(
            parse("\u{1B}]2;\(megabyte)\u{1B}\\ok") == [
                .esc(intermediates: [], final: "\\", ignore: false), .print("ok"),
            ])
    }

    @Test func deviceControlStringsPassThroughAndEndOnlyOnST() {
        #expect(
            parse("\u{1B}P1$qm\u{1B}\\") == [
                .hook(params: [[1]], intermediates: [0x24], marker: nil, final: "q"),
                .put(UInt8(ascii: "m")), .unhook, .esc(intermediates: [], final: "\\", ignore: false),
            ])
        #expect(
            parse("\u{1B}Pq\u{7}A\u{1B}\\B") == [
                .hook(params: [], intermediates: [], marker: nil, final: "q"),
                .put(0x07), .put(UInt8(ascii: "A")), .unhook, .esc(intermediates: [], final: "\\", ignore: false),
                .print("B"),
            ])
    }

    @Test func applicationProgramCommandsAndPrivacyMessagesAreSwallowed() {
        #expect(
            parse("A\u{1B}_apc\u{7}B\u{1B}\\C\u{1B}^pm\u{1B}\\D\u{1B}Xsos\u{1B}\\E") == [
                .print("A"), .esc(intermediates: [], final: "\\", ignore: false), .print("C"),
                .esc(intermediates: [], final: "\\", ignore: false), .print("D"),
                .esc(intermediates: [], final: "\\", ignore: false), .print("E"),
            ])
    }

    @Test func utf8WithOneReplacementPerBadSequence() {
        #expect(parse([0x41, 0xE4, 0xB8, 0xAD, 0x42]) == [.print("A中B")])
        #expect(parse([0x41, 0xFF, 0x42]) == [.print("A\u{FFFD}B")])
        #expect(parse([0x41, 0xE2, 0x82, 0x42]) == [.print("A\u{FFFD}B")])  // cut short
        #expect(parse([0x41, 0xC0, 0xAF, 0x42]) == [.print("A\u{FFFD}B")])  // overlong
        #expect(parse([0x41, 0xED, 0xA0, 0x80, 0x42]) == [.print("A\u{FFFD}B")])  // surrogate
        #expect(parse([0x41, 0xF4, 0x90, 0x80, 0x80, 0x42]) == [.print("A\u{FFFD}B")])  // above U+10FFFF
        #expect(parse([0x80, 0x80]) == [.print("\u{FFFD}\u{FFFD}")])
        #expect(
            parse([0xE4, 0xB8, 0x1B, 0x5B, 0x41]) == [
                .print("\u{FFFD}"), .csi(params: [], intermediates: [], marker: nil, final: "A", ignore: false),
            ])
    }

    /// libvterm's "Split write Escape" and friends: a sequence cut anywhere gives the same actions.
    @Test(arguments: [
        "\u{1B}(Y", "\u{1B}[12;3H", "\u{1B}[38:2::10:20:30m", "\u{1B}]2;title\u{1B}\\", "\u{1B}]8;;http://x\u{7}",
        "\u{1B}P1$qm\u{1B}\\", "a中b😀c", "\u{1B}[?1049h\u{1B}7", "x\u{E2}\u{82}y",
    ])
    func splitWritesGiveTheSameActions(_ input: String) {
        let bytes = Array(input.utf8)
        let whole = parse(bytes)
        for cut in 0...bytes.count {
            #expect(parse(bytes, splitAt: [cut]) == whole, "split at \(cut)")
        }
        #expect(parse(bytes, splitAt: Array(1..<bytes.count)) == whole, "byte by byte")
    }

    @Test func splitEscapeSequence() {
        var parser = Parser()
        var recorder = ActionRecorder()
        parser.advance(Array("\u{1B}(".utf8), into: &recorder)
        #expect(recorder.actions.isEmpty)
        parser.advance(Array("Y".utf8), into: &recorder)
        #expect(recorder.actions == [.esc(intermediates: [0x28], final: "Y", ignore: false)])
    }
}
