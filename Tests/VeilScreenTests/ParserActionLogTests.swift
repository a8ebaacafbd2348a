import Testing
import VeilScreen

/// The documented line format of ``ParserAction`` (Docs/sequences.md, "Parser actions").
@Suite struct ParserActionLogTests {
    func log(_ bytes: [UInt8]) -> String {
        var parser = Parser()
        var recorder = ParserActionRecorder()
        parser.advance(bytes, into: &recorder)
        return recorder.log
    }

    func log(_ text: String) -> String { log(Array(text.utf8)) }

    @Test func printsAndControls() {
        #expect(log("ab\r\n\u{7}") == "print \"ab\"\nexecute 0x0D CR\nexecute 0x0A LF\nexecute 0x07 BEL\n")
        #expect(log("say \"hi\" \\ é\u{9B}") == "print \"say \\\"hi\\\" \\\\ é\\u{9B}\"\n")
        #expect(log([0x61, 0xFF, 0x62]) == "print \"a\u{FFFD}b\"\n")
    }

    @Test func controlSequences() {
        #expect(log("\u{1B}[?1049h") == "csi_dispatch marker='?' params=1049 final='h'\n")
        #expect(log("\u{1B}[38:2::255:0:0;1m") == "csi_dispatch params=38:2:0:255:0:0;1 final='m'\n")
        #expect(log("\u{1B}[m") == "csi_dispatch final='m'\n")
        #expect(log("\u{1B}[;5H") == "csi_dispatch params=0;5 final='H'\n")
        #expect(log("\u{1B}[?2004$p") == "csi_dispatch marker='?' params=2004 intermediates='$' final='p'\n")
        #expect(log("\u{1B}[ !#p") == "csi_dispatch intermediates=' !' final='p' ignore\n")
    }

    @Test func escapeSequencesAndStrings() {
        #expect(log("\u{1B}(B\u{1B}7") == "esc_dispatch intermediates='(' final='B'\nesc_dispatch final='7'\n")
        #expect(log("\u{1B}]0;title\u{7}") == "osc_dispatch \"0;title\" terminator=BEL\n")
        #expect(log("\u{1B}]2;x\u{1B}\\") == "osc_dispatch \"2;x\" terminator=ST\nesc_dispatch final='\\'\n")
        #expect(
            log("\u{1B}P1$qm\u{1}\u{1B}\\")
                == "hook params=1 intermediates='$' final='q'\nput 0x6D 'm'\nput 0x01\nunhook\nesc_dispatch final='\\'\n"
        )
    }

    @Test func recordingIsTheSameWhateverTheSplit() {
        let bytes = Array("x\u{1B}[1;2Hé\u{1B}]0;t\u{7}".utf8)
        var whole = ParserActionRecorder(), split = ParserActionRecorder()
        var first = Parser(), second = Parser()
        first.advance(bytes, into: &whole)
        for byte in bytes { second.advance([byte], into: &split) }
        #expect(whole.actions == split.actions)
        #expect(whole.actions.count == 4)
    }
}
