import Foundation
import Testing
import VeilRedaction
import VeilScreen

@testable import Veil

/// The one capture pipeline: one reader (``InputFile``, ``InputLines``), one decision of what
/// the bytes are (``CaptureInput/read(source:raw:cols:rows:warn:)``), one replay
/// (``CaptureReplay``) that every command uses.
@Suite struct CapturePipelineTests {
    static let header = #"{"version": 2, "width": 20, "height": 3}"#
    static let card = "4111 1111 1111 1111"

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: The reader

    @Test func linesComeWithTheirNumberAndOffsetAcrossChunks() throws {
        let text = "ab\r\n\nlonger line here\nlast"
        // A chunk smaller than a line: lines span reads, and the buffer grows.
        var lines = InputLines(InputFile(bytes: Array(text.utf8), name: "t"), chunkSize: 16)
        var seen: [(String, FilePosition, Bool)] = []
        try lines.forEach { line, position, isLast in
            seen.append((String(decoding: line, as: UTF8.self), position, isLast))
            return true
        }
        #expect(seen.map(\.0) == ["ab\r", "", "longer line here", "last"])
        #expect(
            seen.map(\.1) == [
                .init(line: 1, offset: 0), .init(line: 2, offset: 4), .init(line: 3, offset: 5),
                .init(line: 4, offset: 22),
            ])
        #expect(seen.map(\.2) == [false, false, false, true])
    }

    @Test func aStoppedReaderGoesOnFromTheNextLineAndBytesAlreadyReadAreNotReadAgain() throws {
        let bytes = Array("one\ntwo\nthree\n".utf8)
        var file = InputFile(bytes: bytes, name: "t")
        let start = try file.read(upTo: 5)  // "one\nt"
        var lines = InputLines(file, buffered: start, chunkSize: 16)
        var first: [String] = []
        try lines.forEach { line, _, _ in
            first.append(String(decoding: line, as: UTF8.self))
            return false
        }
        var copy = lines
        var rest: [String] = []
        try copy.forEach { line, position, _ in
            rest.append("\(position.line):\(String(decoding: line, as: UTF8.self))")
            return true
        }
        #expect(first == ["one"])
        #expect(rest == ["2:two", "3:three"])
    }

    @Test func aLineLongerThanTheLimitIsRefusedNamingTheLine() throws {
        var lines = InputLines(
            InputFile(bytes: Array(("ok\n" + String(repeating: "x", count: 100)).utf8), name: "log.txt"),
            chunkSize: 16, maximumLineLength: 64)
        #expect {
            try lines.forEach { _, _, _ in true }
        } throws: { error in
            let error = error as? InputError
            return error?.path == "log.txt" && error?.line == 2
                && error?.message.hasPrefix("line is longer than") == true
        }
    }

    @Test func copiesOfAnOpenFileReadOnTheirOwn() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("f").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        var file = try InputFile(path: path)
        #expect(file.isSeekable)
        #expect(try file.read(upTo: 4) == Array("0123".utf8))
        var again = file.reading(from: 2)
        #expect(try again.read(upTo: 3) == Array("234".utf8))
        #expect(try file.readAll() == Array("456789".utf8))
    }

    // MARK: What the bytes are

    @Test func aCastNamedFileThatIsNoRecordingIsReadAsRawBytesWithAWarning() throws {
        var warnings: [String] = []
        let input = try CaptureInput.read(source: .bytes(Array("plain\ntext".utf8), name: "x.cast")) {
            warnings.append($0)
        }
        guard case .raw(_, let layout) = input else {
            Issue.record("not raw: \(input)")
            return
        }
        #expect(layout.mode == .raw)
        #expect(warnings == ["x.cast: not an asciicast (no JSON header): read as raw terminal bytes"])
    }

    @Test func binaryBytesAreRefusedByEveryReaderOfCaptures() throws {
        let bytes: [UInt8] = Array("ELF".utf8) + [0, 1, 2]
        #expect(throws: InputError.self) { try CaptureInput.read(source: .bytes(bytes, name: "a.out")) }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.out").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: InputError.self) { try TerminalCapture.screen(path: path, cols: nil, rows: nil) }
        #expect(throws: InputError.self) { try TerminalCapture.parserActions(path: path) }
    }

    // MARK: The replay

    /// Each step: its time, its event line and offset in the file, and the screen after it.
    @Test func theReplayYieldsEachStepsTimePositionAndScreen() throws {
        let lines = [
            Self.header, #"[0.5, "o", "hello"]"#, #"[1.0, "m", "mark"]"#, #"[1.5, "o", "\r\nworld"]"#,
        ]
        let text = lines.joined(separator: "\n") + "\n"
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("r.cast").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var replay = try CaptureReplay(CaptureInput.read(path: path), path: path)
        var seen: [(Double?, FilePosition?, String)] = []
        try replay.forEachStep { step, terminal in
            seen.append((step.time, step.position, terminal.screen.lines().joined(separator: "|")))
        }
        let offsets = lines.indices.map { lines[..<$0].reduce(0) { $0 + $1.utf8.count + 1 } }
        #expect(seen.map(\.0) == [0.5, 1.0, 1.5])
        #expect(seen.map(\.1) == [2, 3, 4].map { FilePosition(line: $0, offset: offsets[$0 - 1]) })
        #expect(seen.map(\.2) == ["hello||", "hello||", "hello|world|"])
    }

    /// The same screen whether the recording is streamed from its file or held in memory,
    /// at every moment.
    @Test func aStreamedAndAnInMemoryRecordingShowTheSameScreens() throws {
        let lines = [
            Self.header, #"[0.1, "o", "a\r\n"]"#, #"[0.2, "r", "10x2"]"#, #"[0.3, "o", "bc\r\nde"]"#,
            #"[0.4, "i", "x"]"#, #"[0.5, "o", "\u001b[2J"]"#,
        ]
        let text = lines.joined(separator: "\n") + "\n"
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("r.cast").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let cast = try Asciicast(bytes: Array(text.utf8), path: path)
        for time in [0.1, 0.2, 0.35, 0.45, 0.5] {
            let streamed = try TerminalCapture.screen(path: path, cols: nil, rows: nil, at: time)
            let held = try TerminalCapture.screen(of: cast, cols: nil, rows: nil, at: time, path: path)
            #expect(streamed == held, "at \(time)")
        }
        #expect {
            try TerminalCapture.screen(path: path, cols: nil, rows: nil, at: 0.6)
        } throws: { error in
            (error as? InputError)?.message == "--at 0.6 is after the recording's end (0.5 s)"
        }
    }

    /// A recording is read from the file that was opened: every pass of `veil redact` (the
    /// judging passes and the replay that writes) reads the same file, even when its name
    /// comes to point at another.
    @Test func everyPassReadsTheFileThatWasOpened() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("r.cast").path
        let secret = Self.header + "\n" + #"[0.5, "o", "card \#(Self.card)"]"# + "\n"
        try Data(secret.utf8).write(to: URL(fileURLWithPath: path))
        let input = try CaptureInput.read(path: path)
        // The name now points at a recording without the card.
        try FileManager.default.removeItem(atPath: path)
        try Data((Self.header + "\n" + #"[0.5, "o", "card 0000 0000 0000 0000"]"# + "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        let (bytes, report) = try CaptureRedactor(rules: RuleSet.builtIn).redact(
            input, cols: nil, rows: nil, path: path)
        #expect(report.exposures.map(\.finding.ruleID) == ["card.pan"])
        let redacted = try Asciicast(bytes: bytes, path: "out.cast")
        let screen = try TerminalCapture.screen(of: redacted, cols: nil, rows: nil, at: nil, path: "out.cast")
        // The original card, hidden (not the other file's zeros, which no rule hides).
        #expect(screen.lines()[0].hasPrefix("card"))
        #expect(!screen.lines().joined().contains("4111") && !screen.lines().joined().contains("0000"))
    }

    /// The column of a value in a streamed recording comes from its own event line, read
    /// again at its offset (not by reading the file up to it).
    @Test func recordingLinesAreReadAtTheirOffsets() throws {
        let lines = [Self.header, #"[0.1, "o", "x"]"#, #"[0.2, "o", "yz"]"#]
        let text = lines.joined(separator: "\n") + "\n"
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("r.cast").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let input = try CaptureInput.read(path: path)
        let third = FilePosition(line: 3, offset: lines[0].utf8.count + lines[1].utf8.count + 2)
        #expect(input.recordingLines(at: [third]) == [3: Array(lines[2].utf8)])
        let cast = try Asciicast(bytes: Array(text.utf8), path: path)
        #expect(CaptureInput.recording(cast).recordingLines(at: [third]) == [3: Array(lines[2].utf8)])
    }

    /// Cooked pieces: LF fed as CR LF at the LF's offset, the final line end left out; raw
    /// pieces a line each with `endingLines`, else one.
    @Test func lineFeedsAreDecidedInOnePlace() {
        let bytes = Array("ab\ncd\n".utf8)
        var cooked: [(String, Int)] = []
        InputMode.cooked.forEachPiece(of: bytes) { cooked.append((String(decoding: $0, as: UTF8.self), $1)) }
        #expect(cooked.map(\.0) == ["ab", "\r\n", "cd"])
        #expect(cooked.map(\.1) == [0, 2, 3])
        var raw: [String] = []
        InputMode.raw.forEachPiece(of: bytes, endingLines: true) { piece, _ in
            raw.append(String(decoding: piece, as: UTF8.self))
        }
        #expect(raw == ["ab\n", "cd\n"])
        var whole: [String] = []
        InputMode.raw.forEachPiece(of: bytes) { piece, _ in whole.append(String(decoding: piece, as: UTF8.self)) }
        #expect(whole == ["ab\ncd\n"])
    }
}
