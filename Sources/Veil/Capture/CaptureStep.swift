/// One step of replaying a capture: bytes to feed, a resize, or a recording's other event;
/// then (for recordings) the end of a frame.
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
    /// Where the step is in its file: a recording's event line (its number, and the byte
    /// offset where it starts); nil for raw bytes (their place is the output's `offset`).
    public var position: FilePosition?
    /// Whether a player shows a frame after this step (every output and resize event of a
    /// recording; only the last step of raw bytes).
    public var endsFrame: Bool

    /// The event's line in its file (recordings), else 0.
    public var line: Int { position?.line ?? 0 }

    public init(kind: Kind, event: Int? = nil, time: Double? = nil, position: FilePosition? = nil, endsFrame: Bool) {
        self.kind = kind
        self.event = event
        self.time = time
        self.position = position
        self.endsFrame = endsFrame
    }
}

extension CaptureInput {
    /// What one pass over a capture's steps read.
    public struct Pass: Sendable {
        /// What was unusual but read in a streamed recording's events (`NAME:LINE: …`).
        public var warnings: [String] = []
        /// The time of a recording's last event (any kind), in seconds; 0 for raw bytes.
        public var duration = 0.0
    }

    /// The most bytes of one raw step: a longer line is fed in steps of this many bytes, so
    /// the lines copied for judging (``ExposureScanner``) are taken at least this often. A
    /// step of a line wrapped on a 1,000-column screen copies each of its rows with the rows
    /// around it (about 25 cells a byte): 16 KiB keeps a window near 400,000 cells.
    static let stepLimit = 1 << 14

    /// Calls `body` with each step in order: a recording's events (read from its file, one
    /// line at a time, when it is streamed), or raw bytes in pieces as ``InputMode`` feeds
    /// them (``InputMode/forEachPiece(of:endingLines:maximumPiece:_:)``: a cooked LF is CR LF,
    /// one final line end is left out). With `linesApart`, raw bytes come a line at a time (a
    /// step ends after each line feed, and after ``stepLimit`` bytes without one); without,
    /// in as few steps as the mode allows.
    ///
    /// - Parameters:
    ///   - followingResizes: pass a recording's resize events (not when `--cols`/`--rows`
    ///     fix the size).
    ///   - time: a moment of a recording: the events after it are read (and checked) but not
    ///     passed.
    /// - Throws: ``InputError`` for a bad event line; whatever `body` throws.
    @discardableResult
    public func forEachStep(
        followingResizes: Bool = true, linesApart: Bool = true, until time: Double? = nil,
        _ body: (CaptureStep) throws -> Void
    ) throws -> Pass {
        var pass = Pass()
        var index = 0
        var offset = 0
        func step(_ event: Asciicast.Event) throws {
            pass.duration = event.time
            defer { index += 1 }
            if let time, event.time > time { return }
            let position = event.line > 0 ? FilePosition(line: event.line, offset: event.offset) : nil
            switch event.kind {
            case .output(let bytes):
                try body(
                    CaptureStep(
                        kind: .output(bytes: bytes[...], offset: offset), event: index, time: event.time,
                        position: position, endsFrame: true))
                offset += bytes.count
            case .resize(let cols, let rows):
                guard followingResizes else { return }
                try body(
                    CaptureStep(
                        kind: .resize(cols: cols, rows: rows), event: index, time: event.time, position: position,
                        endsFrame: true))
            case .other(let code, let data):
                try body(
                    CaptureStep(
                        kind: .other(code: code, data: data), event: index, time: event.time, position: position,
                        endsFrame: false))
            }
        }
        switch self {
        case .recording(let cast):
            for event in cast.events { try step(event) }
        case .recordingFile(let file):
            var lines = file.events
            pass.warnings = try AsciicastReader.forEachEvent(&lines, header: file.header) { try step($0) }
                .map { Self.located($0, in: file.name) }
        case .raw(let bytes, let layout):
            // Each step is passed once the next is known, so the last one can end the frame.
            var pending: CaptureStep?
            try layout.mode.forEachPiece(
                of: bytes, endingLines: linesApart, maximumPiece: linesApart ? Self.stepLimit : .max
            ) { piece, offset in
                if let previous = pending { try body(previous) }
                pending = CaptureStep(kind: .output(bytes: piece, offset: offset), endsFrame: false)
            }
            if var last = pending {
                last.endsFrame = true
                try body(last)
            }
        }
        return pass
    }
}
