import Foundation
import Testing

/// `veil screen`: the screen model as text or JSON, and the parser's actions.
@Suite struct ScreenCommandTests {
    @Test func textIsOneLinePerRowWithoutTrailingSpaces() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(
            ["screen", "-", "--cols", "10", "--rows", "3"], in: work,
            stdin: Array("hello  \r\nworld".utf8))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "hello\nworld\n\n")
    }

    @Test func jsonHasTheSizeCursorAndCells() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(
            ["screen", "-", "--cols", "4", "--rows", "1", "--format", "json"], in: work,
            stdin: Array("\u{1B}[1mhi".utf8))
        #expect(result.status == 0, "\(result)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any]
        #expect(object?["cols"] as? Int == 4)
        #expect(object?["rows"] as? Int == 1)
        let cursor = object?["cursor"] as? [String: Any]
        #expect(cursor?["col"] as? Int == 2)
        let first = ((object?["lines"] as? [[Any]])?.first?.first) as? [String: Any]
        #expect(first?["text"] as? String == "h")
        #expect(first?["bold"] as? Bool == true)
    }

    /// Double-size rows are listed (only when there is one), as the renderer draws them.
    @Test func jsonListsDoubleSizeRows() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(
            ["screen", "-", "--cols", "4", "--rows", "2", "--format", "json"], in: work,
            stdin: Array("\u{1B}#6hi".utf8))
        #expect(result.status == 0, "\(result)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any]
        #expect(object?["lineSizes"] as? [String] == ["double-width", "single"])
        let plain = try CLI.run(
            ["screen", "-", "--cols", "4", "--rows", "1", "--format", "json"], in: work, stdin: Array("hi".utf8))
        #expect(!plain.stdout.contains("lineSizes"))
    }

    @Test func actionsListWhatTheParserSaw() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(
            ["screen", "-", "--actions"], in: work,
            stdin: Array("ab\r\n\u{1B}[?1049h\u{1B}]0;t\u{7}".utf8))
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                print "ab"
                execute 0x0D CR
                execute 0x0A LF
                csi_dispatch marker='?' params=1049 final='h'
                osc_dispatch "0;t" terminator=BEL

                """)
    }

    @Test func actionsOfARecordingFollowItsOutputEventsUpToAt() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let cast = try Fixtures.url("casts/session.cast")
        let early = try CLI.run(["screen", cast.path, "--actions", "--at", "0.6"], in: work)
        #expect(early.status == 0, "\(early)")
        #expect(
            early.stdout == """
                print "Veil Test Bank"
                execute 0x0D CR
                execute 0x0A LF
                print "Card 4111 1111 1111 1111"
                execute 0x0D CR
                execute 0x0A LF

                """)
        let all = try CLI.run(["screen", cast.path, "--actions"], in: work)
        #expect(all.stdout.hasPrefix(early.stdout) && all.stdout.count > early.stdout.count, "\(all)")
    }

    @Test func badUsesExitTwo() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let json = try CLI.run(["screen", "-", "--actions", "--format", "json"], in: work, stdin: [])
        #expect(json.status == 2, "\(json)")
        #expect(json.stderr.contains("--actions prints text"), "\(json)")
        let missing = try CLI.run(["screen", "nowhere.ans", "--actions"], in: work)
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("nowhere.ans: no such file"), "\(missing)")
        let at = try CLI.run(["screen", "-", "--actions", "--at", "1"], in: work, stdin: [])
        #expect(at.status == 2, "\(at)")
    }
}
