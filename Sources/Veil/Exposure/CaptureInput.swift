import VeilScreen

/// A capture as a sequence of frames: a recording's events, or raw terminal bytes.
public enum CaptureInput: Sendable {
    /// An asciicast recording in memory: a frame after each output or resize event.
    case recording(Asciicast)
    /// An asciicast file, read a line at a time whenever it is replayed (bounded memory);
    /// `header` has no events. `name` is the path messages name.
    case recordingFile(path: String, name: String, header: Asciicast)
    /// Raw terminal bytes (`.ans`, standard input): judged at every moment.
    case raw([UInt8])

    /// Reads the capture at `path` (`-` for standard input): a `.cast` name is a recording,
    /// streamed from its file. `name` is the path errors name (default `path`). `warn` gets
    /// what was unusual but still read (`NAME:LINE: …`) in the header, or terminal bytes
    /// saved under a `.cast` name (read as raw bytes); the events' warnings come with the
    /// replay (``ExposureScanner``'s report).
    public static func read(path: String, name: String? = nil, warn: (String) -> Void = { _ in }) throws -> CaptureInput
    {
        let name = name ?? path
        guard Asciicast.isCast(path: name), path != "-" else { return .raw(try TerminalInput.bytes(from: path)) }
        let start = try TerminalInput.prefix(of: path, count: 4096)
        guard Asciicast.looksLikeRecording(start) else {
            warn("\(name): not an asciicast (no JSON header): read as raw terminal bytes")
            return .raw(try TerminalInput.bytes(from: path))
        }
        let header = try AsciicastReader.header(path: path, name: name)
        for warning in header.warnings { warn(Self.located(warning, in: name)) }
        return .recordingFile(path: path, name: name, header: header)
    }

    /// `NAME:LINE: …` for a recording's `line LINE: …` warning.
    static func located(_ warning: String, in name: String) -> String {
        "\(name):" + (warning.hasPrefix("line ") ? String(warning.dropFirst(5)) : " " + warning)
    }

    /// The exposure mode of the input.
    public var mode: ExposureMode {
        if case .raw = self { return .everyMoment }
        return .frames
    }

    /// The recording's header (nil for raw bytes).
    public var recordingHeader: Asciicast? {
        switch self {
        case .recording(let cast): cast
        case .recordingFile(_, _, let header): header
        case .raw: nil
        }
    }

    /// The size the capture starts with: `cols`/`rows` when given, else the recording's own
    /// (80×24 for raw bytes).
    public func size(cols: Int?, rows: Int?) -> (cols: Int, rows: Int) {
        if let header = recordingHeader { return (cols ?? header.cols, rows ?? header.rows) }
        return (cols ?? 80, rows ?? 24)
    }
}

/// One step of replaying a capture: bytes to feed or a resize, then (for recordings) the
/// end of a frame.
public struct CaptureStep: Sendable {
    public enum Kind: Sendable {
        /// Bytes of output, starting at `offset` in the output stream (the concatenated
        /// output events of a recording; the file for raw bytes).
        case output(bytes: ArraySlice<UInt8>, offset: Int)
        /// The terminal was resized.
        case resize(cols: Int, rows: Int)
        /// A recording's other event (input, marker, exit), replayed by no terminal.
        case other(code: String, data: String)
    }

    public var kind: Kind
    /// The event's index in the recording (its events in order, 0-based), or nil for raw bytes.
    public var event: Int?
    /// Seconds from the start (recordings).
    public var time: Double?
    /// The event's line in its file (recordings), else 0.
    public var line: Int = 0
    /// Whether a player shows a frame after this step (every output and resize event of a
    /// recording; only the last step of raw bytes).
    public var endsFrame: Bool
}

extension CaptureInput {
    /// Calls `body` with each step in order; returns the warnings of a streamed recording's
    /// events (`NAME:LINE: …`). Raw bytes come in lines (a step ends after each line feed).
    /// - Throws: ``InputError`` for a bad event line; whatever `body` throws.
    @discardableResult
    public func forEachStep(followingResizes: Bool = true, _ body: (CaptureStep) throws -> Void) throws -> [String] {
        var index = 0
        var offset = 0
        func step(_ event: Asciicast.Event) throws {
            defer { index += 1 }
            switch event.kind {
            case .output(let bytes):
                try body(
                    CaptureStep(
                        kind: .output(bytes: bytes[...], offset: offset), event: index, time: event.time,
                        line: event.line, endsFrame: true))
                offset += bytes.count
            case .resize(let cols, let rows):
                guard followingResizes else { return }
                try body(
                    CaptureStep(
                        kind: .resize(cols: cols, rows: rows), event: index, time: event.time,
                        line: event.line, endsFrame: true))
            case .other(let code, let data):
                try body(
                    CaptureStep(
                        kind: .other(code: code, data: data), event: index, time: event.time,
                        line: event.line, endsFrame: false))
            }
        }
        switch self {
        case .recording(let cast):
            for event in cast.events { try step(event) }
            return []
        case .recordingFile(let path, let name, _):
            let warnings = try AsciicastReader.forEachEvent(path: path, name: name) { try step($0) }
            return warnings.map { Self.located($0, in: name) }
        case .raw(let bytes):
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                end = min(bytes.count, end + 1)
                try body(
                    CaptureStep(
                        kind: .output(bytes: bytes[start..<end], offset: start), event: nil, time: nil,
                        endsFrame: end == bytes.count))
                start = end
            }
            return []
        }
    }

    /// The file position of raw bytes' `offset`: its line and column (Unicode scalars).
    public func region(ofOffset offset: Int, length: Int = 0) -> AuditRegion? {
        guard case .raw(let bytes) = self, offset >= 0 && offset < bytes.count else { return nil }
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return AuditRegion(line: line, column: column, length: length)
    }
}
