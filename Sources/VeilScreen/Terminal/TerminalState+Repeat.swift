/// REP (`CSI Ps b`): the last printed character again, `Ps` times, as xterm prints it (its
/// `CASE_REP` calls `dotext` once per copy): wrapping and scrolling within the margins with
/// autowrap, overwriting the last column without it, shifting the line in insert mode, wide
/// characters as wide characters, the base character after a combining mark. As in xterm it
/// repeats only right after a printed character (not after a control, an escape sequence, a
/// zero-width format character or another REP).
///
/// What it costs is clamped to what can still change the screen, never refused: once the
/// copies reach a *fixed point* (a state that one more row of copies turns into itself), the
/// rows of copies left are skipped and only the last, partial one is printed. Every copy
/// still printed, every row filled and every row compared is charged to the work budget, so
/// a REP costs at most about one screen of cells (a row and the region's rows where the
/// region is already full of the character), whatever its count.
///
/// The fixed points, with the cursor where a row of copies ends:
/// - Autowrap off: a copy that leaves the cursor where it was rewrites the cell it just wrote
///   (the last column); so does every later copy.
/// - Autowrap on, the cursor on the screen's last row below the scroll region: every row of
///   copies rewrites that row alike (the cursor cannot leave it); one full row of copies
///   reaches the fixed point.
/// - Autowrap on, the cursor on the region's bottom row: each row of copies scrolls the region
///   (or the rectangle inside the left and right margins) up by one and fills the row that
///   came in. Once every row of the region came in and was filled during this REP (the
///   region's height in rows of copies), the region holds nothing but copies, and one more row
///   of them scrolls a row of copies away and fills an identical one: the fixed point. For
///   narrow characters on full-width rows it is recognised at once when the region already
///   holds only copies (rows filled by REP are kept as uniform rows, so the test costs a unit
///   a row): a storm of a character and a REP of it, again and again, costs a row or two of
///   cells each time.
/// - Otherwise (the cursor above the bottom row) each row of copies moves the cursor down,
///   at most a screen of rows before one of the cases above.
extension TerminalState {
    /// Prints `input` (the last printed character) `count` times, skipping the rows of copies
    /// past a fixed point (see the extension's documentation).
    mutating func repeatCharacter(_ input: Unicode.Scalar, count: Int) {
        var scalar = input
        if scalar.value < 0x80 { scalar = (singleShift != 0 ? charset(singleShift) : charset(glIndex)).map(scalar) }
        let width = CharacterWidth.of(scalar)
        // Only a character printed with width 1 or 2 sets `lastPrinted`, and anything that
        // changes the character sets clears it: the copies map and measure as it did.
        guard count > 0, width > 0 else { return }
        var copy = pen
        copy.scalar = scalar
        copy.width = UInt8(width)
        var run = RepeatRun(copy: copy, width: width, left: count)
        while run.left > 0 && !workExhausted {
            if modes.autowrap {
                guard repeatWithAutowrap(&run) else { break }
            } else {
                guard repeatWithoutAutowrap(&run) else { break }
            }
        }
    }

    /// What a REP in progress knows: the cell each copy writes, the copies left, and the rows
    /// of copies it has seen end (to recognise a fixed point).
    struct RepeatRun {
        let copy: Cell
        let width: Int
        var left: Int
        /// Copies printed since the cursor last wrapped (or since the REP began).
        var sinceWrap = 0
        /// Whether the copies since `sinceWrap` began with a wrap (a full row of copies).
        var rowBeganWithWrap = false
        /// Full rows of copies that ended on the row the cursor cannot leave (the region's
        /// bottom row, or the screen's last row below the region).
        var fullRowsAtEnd = 0
        /// Copies that left the cursor where it was, in a row (autowrap off).
        var unmoved = 0
        /// Whether the region was already tested for holding only copies.
        var testedSaturation = false
    }

    /// One step with autowrap off: the copies that fit before the last column, or one copy;
    /// false once copies change nothing more.
    private mutating func repeatWithoutAutowrap(_ run: inout RepeatRun) -> Bool {
        let lastColumn = hasSpecialLayout ? lastPrintColumn() : cols - 1
        if !wrapPending && col <= lastColumn {
            let fit = (lastColumn - col + 1) / run.width
            if fit > 1 {
                let count = min(run.left, fit - 1)
                writeCopies(run.copy, width: run.width, count: count)
                run.left -= count
                return true
            }
        }
        let before = (row, col, wrapPending)
        put(run.copy.scalar, width: run.width)
        extraWork &+= run.width
        run.left -= 1
        // Two copies in a row that left the cursor where it was: each rewrites the cell it
        // wrote before (or nothing), and so does every copy after them. In insert mode each
        // also shifts the cells right of it up to the right margin (on a double-size row,
        // cells past its shown half): once as many more copies as those cells pushed copies
        // into all of them.
        run.unmoved = (row, col, wrapPending) == before ? run.unmoved + 1 : 0
        return run.unmoved < 2 + hiddenCellsInsertShifts
    }

    /// One step with autowrap on: a wrap (skipping the rows of copies past a fixed point) or
    /// the copies that fit on the cursor's row; false once copies change nothing more.
    private mutating func repeatWithAutowrap(_ run: inout RepeatRun) -> Bool {
        if run.width == 2 && cols < 2 {
            // A wide character is never placed: the first copy only wraps a pending wrap.
            if wrapPending {
                wrapPending = false
                wrapToNextLine()
            }
            return false
        }
        var lastColumn = hasSpecialLayout ? lastPrintColumn() : cols - 1
        let wideAtEdge = run.width == 2 && !wrapPending && col == lastColumn
        if wrapPending || wideAtEdge {
            noteRowOfCopiesEnded(&run)
            if run.left == 0 { return true }
            wrapPending = false
            wrapToNextLine()
            run.rowBeganWithWrap = true
            run.sinceWrap = 0
            if wideAtEdge {
                // As `put`: a wide character that does not fit after the wrap is not placed.
                lastColumn = hasSpecialLayout ? lastPrintColumn() : cols - 1
                if col >= lastColumn {
                    run.left -= 1
                    run.sinceWrap = 1
                }
            }
            return true
        }
        // Nothing is drawn past the half of a double-size row: every copy is lost.
        guard col <= lastColumn else { return false }
        // At least one fits: a wide copy in the last column wrapped above.
        let count = min(run.left, (lastColumn - col + 1) / run.width)
        writeCopies(run.copy, width: run.width, count: count)
        run.left -= count
        run.sinceWrap += count
        return true
    }

    /// A row of copies ended (the cursor is about to wrap): counts it where the cursor
    /// cannot leave its row, and skips the rows of copies that follow a fixed point.
    private mutating func noteRowOfCopiesEnded(_ run: inout RepeatRun) {
        let scrolls = row == scrollBottom
        guard scrolls || row == rows - 1 else { return }  // the cursor moves down: no fixed point yet
        if run.rowBeganWithWrap { run.fullRowsAtEnd += 1 }
        let height = scrollBottom - scrollTop + 1
        var perRow = run.sinceWrap
        // A row the cursor stays on is rewritten alike by each row of copies, except in insert
        // mode where each also pushes the row's cells past its last print column (a double-size
        // row's hidden half) right by at least one: as many rows of copies fill those too.
        let needed = scrolls ? height : 1 + hiddenCellsInsertShifts
        var fixed = run.rowBeganWithWrap && run.fullRowsAtEnd >= needed
        if !fixed && scrolls && !run.testedSaturation && run.left > cols {
            run.testedSaturation = true
            if regionHoldsOnlyCopies(of: run.copy) {
                fixed = true
                perRow = cols
            }
        }
        guard fixed, perRow > 0, run.left > perRow else { return }
        // Each row of copies from here turns the screen into itself; skipped, the last one
        // kept. What they would have scrolled away is rows of copies like those left on the
        // screen, so an observer (exposure over time, Sources/Veil/Exposure) that judges rows
        // as they scroll off misses no content: the same rows are still on the screen, to be
        // judged there (when they change, scroll or a frame ends). Veil keeps no scrollback
        // of its own.
        run.left -= (run.left - 1) / perRow * perRow
    }

    /// The cells right of the cursor's last print column that insert mode shifts (up to the
    /// right margin) but printing never writes: a double-size row's hidden half.
    private var hiddenCellsInsertShifts: Int {
        guard modes.insert, cursorInsideHorizontalMargins, hasSpecialLayout else { return 0 }
        return max(0, rightMargin - max(col, lastPrintColumn()))
    }

    /// Whether the scroll region holds only full rows of `copy` that wrap into each other,
    /// the cursor on its bottom row: then a row of copies changes nothing. Only narrow
    /// characters on full-width rows (no margins, no double-size rows, no insert mode), whose
    /// rows of copies are kept uniform; costs a unit per row tested and per cell compared.
    private mutating func regionHoldsOnlyCopies(of copy: Cell) -> Bool {
        guard copy.width == 1, !hasSpecialLayout, !modes.insert, row == scrollBottom else { return false }
        var tested = 0
        defer { extraWork &+= tested }
        for r in scrollTop..<scrollBottom {
            tested += 1
            guard grid.isUniform(r), grid[r, 0] == copy, grid.isWrapped(r) else { return false }
        }
        guard !grid.isWrapped(row) else { return false }
        if grid.isUniform(row) {
            tested += 1
            return grid[row, 0] == copy
        }
        let base = grid.base(row)
        let cols = self.cols
        return grid.cells.withUnsafeBufferPointer { buffer in
            for index in base..<(base + cols) {
                tested += 1
                if buffer[index] != copy { return false }
            }
            return true
        }
    }

    /// Writes `count` copies that fit on the cursor's row (no wrap among them), from the
    /// input position of the REP (where the last printed text ended). A full-width row of
    /// narrow copies becomes a uniform row (a unit of work); other copies cost a unit a cell.
    private mutating func writeCopies(_ copy: Cell, width: Int, count: Int) {
        if width == 1 && !modes.insert && !hasSpecialLayout {
            let cols = self.cols
            if observer != nil {
                report(.write(row: row, cols: col..<(col + count), position: nextPosition, run: false))
            }
            if col == 0 && count == cols {
                let wrapped = grid.isWrapped(row)
                grid.fill(row: row, from: 0, to: cols, with: copy)
                grid.setWrapped(row, wrapped)
            } else {
                extraWork &+= count
                let col = self.col
                let base = grid.writableBase(row, writing: col, col + count)
                let full = grid.cells.withUnsafeMutableBufferPointer { buffer in
                    let start = buffer.baseAddress! + base
                    if start[col].width == 0 && col > 0 { start[col - 1].blankKeepingRendition() }
                    let last = col + count - 1
                    if start[last].width == 2 && last + 1 < cols { start[last + 1].blankKeepingRendition() }
                    (start + col).update(repeating: copy, count: count)
                    // A row these copies end that held copies before them (the character
                    // printed before the REP, a REP's last row) is full of copies.
                    guard col + count == cols else { return false }
                    for index in 0..<col where start[index] != copy { return false }
                    return true
                }
                if full {
                    // Kept as a uniform row, so that a region of copies is recognised at a
                    // unit a row (see regionHoldsOnlyCopies).
                    extraWork &+= col
                    let wrapped = grid.isWrapped(row)
                    grid.fill(row: row, from: 0, to: cols, with: copy)
                    grid.setWrapped(row, wrapped)
                }
            }
            advance(by: count)
            notePrintEnd()
            return
        }
        extraWork &+= count * width
        if modes.insert && count > 1 && cursorInsideHorizontalMargins && col + count * width - 1 <= rightMargin {
            // In insert mode each copy shifts the rest of the line right by its width: the
            // same as shifting it once by all of them, then writing them in place.
            insertBlanks(count * width)
            modes.insert = false
            defer { modes.insert = true }
            for _ in 0..<count { put(copy.scalar, width: width) }
            return
        }
        for _ in 0..<count { put(copy.scalar, width: width) }
    }
}
