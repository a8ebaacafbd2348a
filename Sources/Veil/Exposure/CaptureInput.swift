import VeilScreen

/// A capture as a sequence of frames: a recording's events, or raw terminal bytes.
public enum CaptureInput: Sendable {
    /// An asciicast recording: a frame after each output or resize event.
    case recording(Asciicast)
    /// Raw terminal bytes (`.ans`, standard input): judged at every moment.
    case raw([UInt8])

    /// Reads the capture at `path` (`-` for standard input): a `.cast` name is a recording.
    /// - Throws: ``InputError`` naming the file (and line for recordings).
    /// `name` is the path errors name (default `path`). `warn` gets what was unusual but
    /// still read (`NAME:LINE: …`): a recording's warnings (``Asciicast/warnings``), or
    /// terminal bytes saved under a `.cast` name (read as raw bytes).
    public static func read(path: String, name: String? = nil, warn: (String) -> Void = { _ in }) throws -> CaptureInput {
        let name = name ?? path
        let bytes = try TerminalInput.bytes(from: path)
        guard Asciicast.isCast(path: name) else { return .raw(bytes) }
        guard Asciicast.looksLikeRecording(bytes) else {
            warn("\(name): not an asciicast (no JSON header): read as raw terminal bytes")
            return .raw(bytes)
        }
        let cast = try Asciicast(bytes: bytes, path: name)
        for warning in cast.warnings { warn("\(name):\(warning.hasPrefix("line ") ? String(warning.dropFirst(5)) : warning)") }
        return .recording(cast)
    }

    /// The file line of event `index` of a recording (1 for raw bytes).
    public func line(ofEvent index: Int?) -> Int {
        guard case .recording(let cast) = self, let index, cast.events.indices.contains(index) else { return 1 }
        return max(1, cast.events[index].line)
    }

    /// The exposure mode of the input.
    public var mode: ExposureMode {
        if case .recording = self { return .frames }
        return .everyMoment
    }

    /// The size the capture starts with: `cols`/`rows` when given, else the recording's own
    /// (80×24 for raw bytes).
    public func size(cols: Int?, rows: Int?) -> (cols: Int, rows: Int) {
        switch self {
        case .recording(let cast): (cols ?? cast.cols, rows ?? cast.rows)
        case .raw: (cols ?? 80, rows ?? 24)
        }
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
    /// Whether a player shows a frame after this step (every event of a recording; only the
    /// last step of raw bytes).
    public var endsFrame: Bool
}

extension CaptureInput {
    /// The steps of the capture in order. Raw bytes come in lines (a step ends after each
    /// line feed), so a cell's offset is exact for the text of its line.
    public func steps(followingResizes: Bool = true) -> [CaptureStep] {
        switch self {
        case .recording(let cast):
            var steps: [CaptureStep] = []
            steps.reserveCapacity(cast.events.count)
            var offset = 0
            for (index, event) in cast.events.enumerated() {
                switch event.kind {
                case .output(let bytes):
                    steps.append(CaptureStep(kind: .output(bytes: bytes[...], offset: offset), event: index,
                                             time: event.time, endsFrame: true))
                    offset += bytes.count
                case .resize(let cols, let rows):
                    guard followingResizes else { continue }
                    steps.append(CaptureStep(kind: .resize(cols: cols, rows: rows), event: index, time: event.time,
                                             endsFrame: true))
                case .other(let code, let data):
                    steps.append(CaptureStep(kind: .other(code: code, data: data), event: index, time: event.time,
                                             endsFrame: false))
                }
            }
            return steps
        case .raw(let bytes):
            var steps: [CaptureStep] = []
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                end = min(bytes.count, end + 1)
                steps.append(CaptureStep(kind: .output(bytes: bytes[start..<end], offset: start), event: nil, time: nil,
                                         endsFrame: end == bytes.count))
                start = end
            }
            return steps
        }
    }

    /// The file position of output-stream `offset`: for a recording, the line of the event
    /// that carried the byte (column 1); for raw bytes, its line and column (Unicode scalars).
    public func region(ofOffset offset: Int, length: Int = 0) -> AuditRegion {
        switch self {
        case .recording(let cast):
            var position = 0
            for event in cast.events {
                guard case .output(let bytes) = event.kind else { continue }
                if offset < position + bytes.count { return AuditRegion(line: max(1, event.line), column: 1) }
                position += bytes.count
            }
            return .fileStart
        case .raw(let bytes):
            guard offset >= 0 && offset < bytes.count else { return .fileStart }
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
}
