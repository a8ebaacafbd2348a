extension TerminalState {
    /// Takes a new size (see ``Terminal/resize(cols:rows:)``), reported first.
    mutating func resize(cols newCols: Int, rows newRows: Int) {
        // Rows that leave at the top so that the cursor stays on the screen.
        let dropped = max(0, row - (newRows - 1))
        report(.resize(cols: newCols, rows: newRows, droppingTop: dropped))
        self = resized(cols: newCols, rows: newRows, dropping: dropped)
    }

    /// A copy of this state at a new size, without the `dropped` top rows of the shown buffer.
    func resized(cols newCols: Int, rows newRows: Int, dropping dropped: Int) -> TerminalState {
        var result = TerminalState(cols: newCols, rows: newRows)
        result.grid = grid.resized(dropping: dropped, cols: newCols, rows: newRows)
        result.otherGrid = otherGrid.resized(dropping: 0, cols: newCols, rows: newRows)
        // A resize costs its rows (and the cells copied, charged by the buffers).
        result.extraWork = extraWork &+ newRows
        result.workLimit = workLimit
        result.protection = protection
        result.isAlternateScreen = isAlternateScreen
        result.row = row - dropped
        result.col = min(col, newCols - 1)
        result.wrapPending = wrapPending && col < newCols
        result.pen = pen
        result.savedCursors = savedCursors.map { saved in
            var saved = saved
            saved.row = min(saved.row, newRows - 1)
            saved.col = min(saved.col, newCols - 1)
            return saved
        }
        result.modes = modes
        result.conformanceLevel = conformanceLevel
        result.savedDECModes = savedDECModes
        result.attributeChangeExtent = attributeChangeExtent
        result.windowPosition = windowPosition
        result.windowIconified = windowIconified
        result.display = display
        result.sequencePosition = sequencePosition
        result.charsets = charsets
        result.glIndex = glIndex
        result.title = title
        result.observer = observer
        result.inputBase = inputBase
        result.inputLength = inputLength
        result.inputPosition = inputPosition
        result.nextPosition = nextPosition
        result.tables = tables
        result.responseHandler = responseHandler
        result.unhandledSequenceHandler = unhandledSequenceHandler
        result.defaultForeground = defaultForeground
        result.defaultBackground = defaultBackground
        result.paletteOverrides = paletteOverrides
        result.colorOverrides = colorOverrides
        result.tabStopsPastEnd = tabStopsPastEnd
        result.reportSettings = reportSettings
        result.dcsRequest = dcsRequest
        for c in 0..<min(cols, newCols) { result.tabStops[c] = tabStops[c] }
        return result
    }
}
