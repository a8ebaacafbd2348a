import VeilScreen

/// A capture as a sequence of frames: a recording's events, or raw terminal bytes.
public enum CaptureInput: Sendable {
    /// An asciicast recording in memory: a frame after each output or resize event.
    case recording(Asciicast)
    /// An asciicast file, read a line at a time whenever it is replayed (bounded memory);
    /// `header` has no events.
    case recordingFile(source: CaptureSource, header: Asciicast)
    /// Raw terminal bytes (`.ans`, standard input), judged at every moment, with how they are
    /// read (``TerminalCapture/Layout``: cooked or raw line feeds, the screen size).
    case raw([UInt8], layout: TerminalCapture.Layout)

    /// Raw bytes fed exactly as given (``InputMode/raw``) on an 80×24 screen.
    public static func raw(_ bytes: [UInt8]) -> CaptureInput {
        .raw(bytes, layout: TerminalCapture.Layout(mode: .raw, cols: 80, rows: 24, warnings: []))
    }

    /// Reads the capture at `path` (`-` for standard input); see ``read(source:raw:cols:rows:warn:)``.
    public static func read(
        path: String, name: String? = nil, raw: Bool = false, cols: Int? = nil, rows: Int? = nil,
        warn: (String) -> Void = { _ in }
    ) throws -> CaptureInput {
        try read(source: .file(path, name: name), raw: raw, cols: cols, rows: rows, warn: warn)
    }

    /// Reads the capture `source` holds: a `.cast` name is a recording, streamed from its
    /// file; anything else is raw terminal bytes laid out as ``TerminalCapture`` lays out
    /// every capture (line feeds as a cooked terminal shows them unless `raw`, the size the
    /// bytes tell unless `cols`/`rows`, binary input refused). `warn` gets what was unusual
    /// but still read, each naming the source (`NAME: …` or `NAME:LINE: …`); the events'
    /// warnings come with the replay (``ExposureScanner``'s report).
    /// - Throws: ``InputError`` naming the source.
    public static func read(
        source: CaptureSource, raw: Bool, cols: Int?, rows: Int?, warn: (String) -> Void = { _ in }
    ) throws -> CaptureInput {
        let name = source.name
        if Asciicast.isCast(path: name), source.canReopen {
            if Asciicast.looksLikeRecording(try source.prefix(4096)) {
                let header = try AsciicastReader.header(source: source)
                for warning in header.warnings { warn(Self.located(warning, in: name)) }
                return .recordingFile(source: source, header: header)
            }
            warn("\(name): not an asciicast (no JSON header): read as raw terminal bytes")
        }
        let bytes = try source.bytes()
        let layout = try TerminalCapture.layout(of: bytes, path: name, cols: cols, rows: rows, raw: raw)
        for warning in layout.warnings { warn("\(name): \(warning)") }
        return .raw(bytes, layout: layout)
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
        case .recordingFile(_, let header): header
        case .raw: nil
        }
    }

    /// The size the capture starts with: `cols`/`rows` when given, else the recording's own,
    /// or the size raw bytes' layout found.
    public func size(cols: Int?, rows: Int?) -> (cols: Int, rows: Int) {
        if let header = recordingHeader { return (cols ?? header.cols, rows ?? header.rows) }
        if case .raw(_, let layout) = self { return (cols ?? layout.cols, rows ?? layout.rows) }
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
        case .recordingFile(let source, _):
            let warnings = try AsciicastReader.forEachEvent(source: source) { try step($0) }
            return warnings.map { Self.located($0, in: source.name) }
        case .raw(let bytes, let layout):
            try Self.forEachLine(of: bytes, cooked: layout.mode == .cooked, body)
            return []
        }
    }

    /// The file position of raw bytes' `offset`: its line and column (Unicode scalars).
    public func region(ofOffset offset: Int, length: Int = 0) -> AuditRegion? {
        guard case .raw(let bytes, _) = self, offset >= 0 && offset < bytes.count else { return nil }
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return AuditRegion(line: line, column: column, length: length)
    }

    /// The most bytes of one raw step: a longer line is fed in steps of this many bytes, so
    /// the lines copied for judging (``ExposureScanner``) are taken at least this often.
    static let stepLimit = 1 << 16

    /// The steps of raw bytes: a step ends after each line feed, and after ``stepLimit``
    /// bytes without one. Cooked (``InputMode/cooked``),
    /// each LF is fed as CR LF and one final line end is left out, as ``InputMode`` feeds them;
    /// offsets stay those of the input's own bytes (the CR LF step carries the LF's).
    static func forEachLine(of bytes: [UInt8], cooked: Bool, _ body: (CaptureStep) throws -> Void) throws {
        var end = bytes.count
        if cooked && end > 0 && bytes[end - 1] == 0x0A {
            end -= 1
            if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        }
        let lineEnd: [UInt8] = [0x0D, 0x0A]
        var pending: CaptureStep?
        func emit(_ step: CaptureStep) throws {
            if let previous = pending { try body(previous) }
            pending = step
        }
        var start = 0
        while start < end {
            var stop = start
            while stop < end && bytes[stop] != 0x0A && stop - start < stepLimit { stop += 1 }
            if stop < end && bytes[stop] != 0x0A {
                // A long line is fed in pieces, judged between them (bounded memory).
                try emit(CaptureStep(kind: .output(bytes: bytes[start..<stop], offset: start), endsFrame: false))
                start = stop
                continue
            }
            if cooked && stop < end {
                if stop > start {
                    try emit(CaptureStep(kind: .output(bytes: bytes[start..<stop], offset: start), endsFrame: false))
                }
                try emit(CaptureStep(kind: .output(bytes: lineEnd[...], offset: stop), endsFrame: false))
            } else {
                let next = min(end, stop + 1)
                try emit(CaptureStep(kind: .output(bytes: bytes[start..<next], offset: start), endsFrame: false))
            }
            start = stop + 1
        }
        if var last = pending {
            last.endsFrame = true
            try body(last)
        }
    }
}

extension Terminal {
    /// Feeds an output step (at its offset in the output stream) or applies a resize, then
    /// flushes when the step ends a frame (the ``observer`` sees the frame shown); false
    /// for a step that no terminal replays (input, marker, exit).
    /// - Throws: ``InputError`` naming `path` for a resize outside 1…1000 or a spent work budget.
    mutating func apply(_ step: CaptureStep, path: String) throws -> Bool {
        switch step.kind {
        case .output(let bytes, let offset):
            bytes.withUnsafeBufferPointer { feed($0, at: offset) }
        case .resize(let newCols, let newRows):
            guard (try? resize(cols: newCols, rows: newRows)) != nil else {
                throw InputError(
                    path: path,
                    message: "resize to \(newCols)x\(newRows) at \(step.time ?? 0) s is outside 1…1000")
            }
        case .other:
            return false
        }
        if step.endsFrame { flush() }
        if isOverWorkBudget {
            try TerminalCapture.checkWorkBudget(self, path: path, event: step.event.map { (step.time ?? 0, $0) })
        }
        return true
    }
}
