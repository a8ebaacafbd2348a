import Foundation
import Testing
@testable import VeilMedia

@Suite struct TerminalStringTests {
    static func strings(_ text: String, pieces: Int = 1) -> [TerminalString] {
        let bytes = Array(text.utf8)
        var scanner = TerminalStringScanner()
        var found: [TerminalString] = []
        let size = max(1, bytes.count / pieces)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            scanner.feed(Array(bytes[start..<end]), at: start) { found.append($0) }
            start = end
        }
        scanner.finish { found.append($0) }
        return found
    }

    @Test func findsEachKindOfString() {
        let text =
            "a\u{1B}]0;title\u{07}b\u{1B}]7;file://host/home\u{1B}\\c\u{1B}P1$qm\u{1B}\\"
            + "\u{1B}Xsos\u{1B}\\\u{1B}^pm\u{1B}\\\u{1B}_apc\u{1B}\\\u{1B}[31mred"
        for pieces in [1, 3, text.utf8.count] {
            let found = Self.strings(text, pieces: pieces)
            #expect(found.map(\.introducer) == [.osc, .osc, .dcs, .sos, .pm, .apc])
            #expect(
                found.map { String(decoding: $0.bytes, as: UTF8.self) } == [
                    "0;title", "7;file://host/home", "1$qm", "sos", "pm", "apc",
                ])
            #expect(found[0].offset == 1)
            #expect(found.allSatisfy { $0.isTerminated })
        }
    }

    @Test func cancelledAndUnterminatedStringsAreStillReported() {
        let found = Self.strings("\u{1B}]52;c;abc\u{18}x\u{1B}]2;open")
        #expect(found.count == 2)
        #expect(found.map(\.isTerminated) == [false, false])
        #expect(found[1].commandNumber == 2)
    }

    @Test func csiAndPlainTextHoldNoStrings() {
        #expect(Self.strings("\u{1B}[38;2;1;2;3mhello\u{1B}(B\u{1B}#8 world\u{9D}0;x\u{07}").isEmpty)
    }

    @Test func longStringsAreCut() {
        var scanner = TerminalStringScanner()
        scanner.limit = 8
        var found: [TerminalString] = []
        scanner.feed(Array("\u{1B}]2;0123456789\u{07}".utf8), at: 0) { found.append($0) }
        #expect(found.first?.isCut == true)
        #expect(found.first?.bytes.count == 8)
    }

    @Test func readingsDecodeWhatPeopleCanRead() {
        let clipboard = TerminalString(introducer: .osc, bytes: Array("52;c;Z2hwX3NlY3JldA==".utf8), offset: 0)
        #expect(clipboard.readings().texts.map(\.text).contains("ghp_secret"))
        #expect(clipboard.name == "OSC 52 (clipboard)")
        let userVar = TerminalString(
            introducer: .osc, bytes: Array("1337;SetUserVar=TOKEN=aHVudGVyMg==".utf8), offset: 0)
        #expect(userVar.readings().texts.map(\.text).contains("hunter2"))
        let link = TerminalString(introducer: .osc, bytes: Array("8;id=x;https://u:p%40ss@h/".utf8), offset: 0)
        #expect(link.readings().texts.map(\.text).contains("https://u:p@ss@h/"))
        let colour = TerminalString(introducer: .osc, bytes: Array("11;?".utf8), offset: 0)
        #expect(colour.readings().texts.isEmpty)
        let sixel = TerminalString(introducer: .dcs, bytes: Array("0;1q#0;2;0;0;0".utf8), offset: 0)
        #expect(sixel.readings().unread != nil)
        let image = TerminalString(
            introducer: .osc,
            bytes: Array("1337;File=inline=1:\(Data([0x89, 0x50, 0x4E, 0x47, 0, 1]).base64EncodedString())".utf8),
            offset: 0)
        #expect(image.readings().unread?.contains("inline image") == true)
        let vscode = TerminalString(introducer: .osc, bytes: Array("633;E;export X=1\\x3b y;nonce".utf8), offset: 0)
        #expect(vscode.readings().texts.map(\.text).contains("E;export X=1; y;nonce"))
    }
}

@Suite struct TypedLinesTests {
    @Test func editingKeysApply() {
        var typed = TypedLines<Int>()
        var lines: [TypedLines<Int>.Line] = []
        for (index, key) in [
            "h", "u", "\u{7F}", "i", "\u{1B}[D", " ", "t", "h", "e", "r", "e", "\u{17}", "x", "\r", "é",
        ]
        .enumerated() {
            lines += typed.feed(Array(key.utf8), from: index)
        }
        #expect(lines.count == 1)
        #expect(lines[0].text == "hi x")
        #expect(lines[0].keys == "hui therex")
        #expect(lines[0].origin == 0)
        let last = typed.finish()
        #expect(last?.text == "é")
        #expect(last?.origin == 14)
    }
}
