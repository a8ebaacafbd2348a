extension Terminal {
    /// Starts tracking what is exposed (see ``ExposureMode``): which rows changed since they
    /// were last judged, which input byte wrote each cell (offsets given to
    /// ``feed(_:at:)``), and the lines about to be destroyed. Every row counts as changed.
    public mutating func trackExposure(_ mode: ExposureMode) {
        state.exposure = ExposureTracker(mode: mode, cols: cols, rows: rows)
        state.tracksExposure = true
        state.exposure.titleDirty = !state.title.isEmpty
    }

    /// Whether exposure is tracked.
    public var isTrackingExposure: Bool { state.tracksExposure }

    /// Feeds bytes that start at `offset` in the input, so that each cell knows the offset
    /// of the byte that wrote it (for a character of several bytes, its first byte).
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        if state.tracksExposure {
            state.exposure.feedBase = UInt(bitPattern: bytes.baseAddress)
            state.exposure.feedLength = bytes.count
            state.exposure.feedOffset = offset
            // A character whose first bytes came in the last feed keeps their offset.
            if parser.utf8Remaining == 0 { state.exposure.nextOffset = offset }
        }
        // Fed as any bytes are (charged, the budget checked as they go), counted from `offset`.
        if exceededAtByte == nil { bytesFed = offset }
        feed(bytes)
        if state.tracksExposure {
            state.exposure.feedBase = 0
            if parser.utf8Remaining == 0 { state.exposure.nextOffset = offset + bytes.count }
        }
    }

    /// Feeds bytes that start at `offset` in the input (see ``feed(_:at:)-(UnsafeBufferPointer<UInt8>,_)``).
    public mutating func feed(_ bytes: [UInt8], at offset: Int) {
        bytes.withUnsafeBufferPointer { feed($0, at: offset) }
    }

    /// The lines to judge since the last call, one group each (see
    /// ``takeExposureBatches(endingFrame:)``, which gives the same lines stacked).
    public mutating func takeExposures(endingFrame: Bool) -> [ExposedLines] {
        takeExposureBatches(endingFrame: endingFrame).flatMap { batch in batch.groups.map(batch.lines(of:)) }
    }

    /// The lines to judge since the last call: those copied before they were destroyed and,
    /// when `endingFrame`, every line (and the title) that changed since it was last judged
    /// (``endExposureFrame()``); stacked in batches, so one detection pass judges many groups.
    /// Empty when exposure is not tracked.
    public mutating func takeExposureBatches(endingFrame: Bool) -> [ExposureBatch] {
        guard state.tracksExposure else { return [] }
        if endingFrame { endExposureFrame() }
        return state.exposure.takeBatches(tables: state.tables)
    }

    /// A frame ends: every line (and the title) that changed since it was last judged is
    /// copied into the batch being filled, its rows tagged (``ExposureBatch/Group/tag``). The
    /// copies wait for ``takeExposureBatches(endingFrame:)``, so a caller can take the lines
    /// of many frames at once (told apart by ``exposureFrame``).
    public mutating func endExposureFrame() {
        guard state.tracksExposure else { return }
        // One sweep down the screen: a group can take the group stacked before it as the
        // line above (``ExposureBatchBuilder/sweepRow``).
        state.exposure.builder.sweepRow = -1
        defer { state.exposure.builder.sweepRow = -2 }
        var row = 0
        while row < rows && state.exposure.shown.dirtyCount > 0 {
            if state.exposure.shown.dirty[row] {
                row = max(row, state.exposeLine(containing: row, leaving: false))
            }
            row += 1
        }
        state.exposeTitle(leaving: false)
    }

    /// The caller's number for the frame being drawn, stamped on every group copied from now
    /// on (``ExposureBatch/Group/frame``); 0 when exposure is not tracked.
    public var exposureFrame: Int {
        get { state.tracksExposure ? state.exposure.frame : 0 }
        set { if state.tracksExposure { state.exposure.frame = newValue } }
    }

    /// The cells a batch makes room for at once, for a caller that takes the lines of many
    /// frames together (about as many as it lets wait); 0 grows batches as rows come.
    public var exposureBatchCells: Int {
        get { state.tracksExposure ? state.exposure.batchCells : 0 }
        set { if state.tracksExposure { state.exposure.batchCells = max(0, newValue) } }
    }

    /// The cells copied for judging and not yet taken (the work budget refuses an input that
    /// lets too many wait).
    public var pendingExposureCells: Int { state.tracksExposure ? state.exposure.pendingCells : 0 }

    /// The tags of rows that changed or left since the last call.
    public mutating func takeDepartedTags() -> [Int32] {
        guard state.tracksExposure else { return [] }
        guard !state.exposure.departed.isEmpty else { return [] }
        let tags = state.exposure.departed
        state.exposure.departed = []
        return tags
    }

    /// For each cell of ``screen`` (row-major), the input offset of the byte that wrote it,
    /// or -1 when unknown; empty when exposure is not tracked.
    public var cellOffsets: [Int] {
        guard state.tracksExposure else { return [] }
        let exposure = state.exposure
        var all: [Int] = []
        all.reserveCapacity(cols * rows)
        for row in 0..<rows { all.append(contentsOf: exposure.shown.rowOffsets(row)) }
        return all
    }
}
