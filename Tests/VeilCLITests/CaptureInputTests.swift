import Foundation
import Testing

/// How `snap`, `scan` and `screen` read a capture: line feeds (cooked by default, `--raw`),
/// the screen size when the capture is bigger than 80×24, binary files, `--at`.
@Suite struct CaptureInputTests {
    /// `ls -la --color=always` through a pipe: lines end in a bare LF.
    static let listing = Array(
        """
        total 16
        drwxr-xr-x  4 ana staff  128 Nov 25 06:00 \u{1B}[01;34m.\u{1B}[0m
        drwxr-xr-x 12 ana staff  384 Nov 25 05:59 \u{1B}[01;34m..\u{1B}[0m
        -rw-r--r--  1 ana staff 4211 Nov 25 06:00 README.md

        """.utf8)

    static func screenLines(_ result: CommandResult) -> [String] {
        result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func bareLineFeedsFromStandardInputStartEachLineAtColumnZero() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["screen", "-"], in: work, stdin: Self.listing)
        #expect(result.status == 0, "\(result)")
        let lines = Self.screenLines(result)
        #expect(lines.count >= 4)
        #expect(lines[0] == "total 16")
        for line in lines[1...3] { #expect(line.hasPrefix("drwx") || line.hasPrefix("-rw-"), "a staircase: \(lines)") }
    }

    @Test func bareLineFeedsInAnAnsFileStartEachLineAtColumnZero() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        try Data(Self.listing).write(to: work.appendingPathComponent("listing.ans"))
        for command in ["screen", "scan"] {
            let result = try CLI.run([command, "listing.ans", "--format", "json"], in: work)
            #expect(result.status == 0, "\(command): \(result)")
        }
        let result = try CLI.run(["screen", "listing.ans"], in: work)
        #expect(Self.screenLines(result)[3].hasPrefix("-rw-r--r--"), "\(result)")
    }

    @Test func rawFeedsLineFeedsAsGiven() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["screen", "-", "--raw"], in: work, stdin: Array("ab\ncd\n".utf8))
        #expect(result.status == 0, "\(result)")
        #expect(Array(Self.screenLines(result).prefix(2)) == ["ab", "  cd"])
    }

    @Test func helpSaysHowLineFeedsAreRead() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        for command in ["snap", "scan", "screen", "audit"] {
            let result = try CLI.run([command, "--help"], in: work)
            #expect(result.stdout.contains("--raw"), "\(command) --help")
            #expect(result.stdout.contains("CR LF"), "\(command) --help")
        }
    }

    /// A capture of a 100×30 tmux pane: 30 lines, the widest 100 columns.
    static let widePane: [UInt8] = {
        var text = ""
        for row in 1...30 {
            text += String(format: "row %02d ", row) + String(repeating: "x", count: row == 17 ? 93 : 40) + "\n"
        }
        return Array(text.utf8)
    }()

    @Test func aWideCaptureGetsAScreenAsWideAsItsWidestLine() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["screen", "-", "--format", "json"], in: work, stdin: Self.widePane)
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        #expect(json["cols"] as? Int == 100)
    }

    /// `tmux capture-pane -p` of a 30-row pane whose program printed 20 lines prints the pane's
    /// 10 empty bottom rows too: fed to a 24-row screen, those line feeds scroll the first 6
    /// lines away, which must be said (the lowest row with content alone is only row 20).
    @Test func blankRowsBelowTheContentThatScrollItAwayAreReported() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let pane = (1...20).map { "line \($0)\n" }.joined() + String(repeating: "\n", count: 10)
        let result = try CLI.run(["snap", "-", "-o", "pane.png"], in: work, stdin: Array(pane.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("6 lines scrolled off the top of the 24-row screen (--rows 30 keeps them)"),
            "\(result)")
        let whole = try CLI.run(["screen", "-", "--rows", "30"], in: work, stdin: Array(pane.utf8))
        #expect(whole.stderr.isEmpty && whole.stdout.hasPrefix("line 1\n"), "\(whole)")
    }

    @Test func linesThatScrollOffTheTopAreReported() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["snap", "-", "-o", "pane.png"], in: work, stdin: Self.widePane)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("6 lines scrolled off the top of the 24-row screen (--rows 30 keeps them)"),
            "\(result)")
        let whole = try CLI.run(["snap", "-", "-o", "pane.png", "--rows", "30"], in: work, stdin: Self.widePane)
        #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole)")
        let bitmap = try Pixels.decode(work.appendingPathComponent("pane.png"))
        #expect(bitmap.width >= 100 * 8 && bitmap.height >= 30 * 16)
    }

    @Test func explicitSizeWinsAndContentCutAtTheRightEdgeIsReported() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(
            ["screen", "-", "--cols", "80", "--rows", "30", "--format", "json"], in: work, stdin: Self.widePane)
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        #expect(json["cols"] as? Int == 80)
        #expect(result.stderr.contains("100 columns wide but the screen has 80"), "\(result)")
    }

    @Test func cursorAddressingBelowRow24GivesATallerScreen() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let bytes = Array("\u{1B}[2J\u{1B}[1;1Htop - 06:00\u{1B}[30;1H-- INSERT --".utf8)
        let result = try CLI.run(["screen", "-"], in: work, stdin: bytes)
        #expect(result.status == 0, "\(result)")
        let lines = Self.screenLines(result)
        #expect(lines.count >= 30 && lines[29] == "-- INSERT --", "\(lines.count) lines")
    }

    @Test func aBinaryFileIsRefusedWithExitTwoAndNoImage() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array(repeating: 0, count: 56)
        try Data(elf).write(to: work.appendingPathComponent("tool"))
        for arguments in [["snap", "tool", "-o", "tool.png"], ["scan", "tool"], ["screen", "tool"]] {
            let result = try CLI.run(arguments, in: work)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains("tool: is not terminal text"), "\(result)")
        }
        #expect(Temp.contents(of: work) == ["tool"])
    }

    @Test func pipedOutputWithoutADashIsToldHowToBeRead() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["snap", "-o", "out.png"], in: work, stdin: Array("Card: 4111 1111 1111 1111\n".utf8))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("to read standard input, give - as the input"), "\(result)")
        #expect(Temp.contents(of: work).isEmpty)
    }

    @Test(arguments: [["screen"], ["scan"], ["redact", "-o", "out.cast"], ["snap", "-o", "out.png"]])
    func everyCommandReadingAnInputSaysHowToReadPipedOutput(arguments: [String]) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let piped = try CLI.run(arguments, in: work, stdin: Array("hello\n".utf8))
        #expect(piped.status == 2, "\(piped)")
        let lines = piped.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Error: Missing expected argument '<input>'") == true, "\(piped)")
        #expect(lines.first?.contains("to read standard input, give - as the input") == true, "\(piped)")
        #expect(piped.stderr.components(separatedBy: "give - as the input").count == 2, "once: \(piped)")
        #expect(Temp.contents(of: work).isEmpty)
    }

    @Test func anImageIsRefusedNamingWhatReadsImages() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../VeilTests/Fixtures/media/planted.agg.png").standardized
        try FileManager.default.copyItem(at: fixture, to: work.appendingPathComponent("shot.png"))
        for arguments in [["snap", "shot.png", "-o", "out.png"], ["scan", "shot.png"], ["screen", "shot.png"]] {
            let result = try CLI.run(arguments, in: work)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains("shot.png: is a PNG image, not terminal text"), "\(result)")
            #expect(result.stderr.contains("`veil audit`"), "\(result)")
        }
        #expect(Temp.contents(of: work) == ["shot.png"])
    }

    @Test func aNegativeAtIsExplained() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["snap", "-", "--at", "-1"], in: work, stdin: [])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--at must be a number of seconds ≥ 0 (got -1"), "\(result)")
        #expect(!result.stderr.contains("Missing value"), "\(result)")
    }
}

extension CaptureInputTests {
    @Test func addressingRow999MeansTheBottomNotATallScreen() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let bytes = Array("top line\u{1B}[999;1Hstatus".utf8)
        let result = try CLI.run(["screen", "-", "--format", "json"], in: work, stdin: bytes)
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        #expect(json["rows"] as? Int == 24)
        #expect(result.stderr.isEmpty, "\(result)")
        let scrolled = try CLI.run(["screen", "-"], in: work, stdin: bytes + Array("\nafter\nend".utf8))
        #expect(scrolled.stderr.contains("2 lines scrolled off the top of the 24-row screen"), "\(scrolled)")
        #expect(!scrolled.stderr.contains("--rows"), "no --rows keeps lines drawn below the bottom: \(scrolled)")
    }
}

extension CaptureInputTests {
    @Test func auditReadsCapturesTheSameWay() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        // A card on the 100-column pane's 17th line, right of column 80, and bare LFs.
        var text = ""
        for row in 1...30 {
            text += row == 17 ? String(repeating: "-", count: 78) + " card 4111 1111 1111 1111\n" : "row \(row)\n"
        }
        try Data(text.utf8).write(to: work.appendingPathComponent("pane.ans"))
        let result = try CLI.run(["audit", "pane.ans", "--format", "json"], in: work)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("\"card.pan\""), "\(result)")
        #expect(result.stderr.contains("pane.ans: 6 lines scrolled off the top of the 24-row screen"), "\(result)")
    }
}
