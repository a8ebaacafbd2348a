extension TerminalState {
    /// SM/RM: ANSI modes.
    mutating func setANSIMode(_ mode: Int, _ on: Bool) {
        switch mode {
        case 4: modes.insert = on  // IRM
        case 20: modes.newline = on  // LNM
        default: break
        }
    }

    /// DECSET/DECRST: DEC private modes.
    mutating func setDECMode(_ mode: Int, _ on: Bool) {
        switch mode {
        case 1: modes.applicationCursorKeys = on  // DECCKM
        case 5:  // DECSCNM
            if modes.reverseVideo != on { report(.appearance) }
            modes.reverseVideo = on
        case 6:  // DECOM: homes the cursor
            modes.origin = on
            moveCursor(row: originTop, col: originLeft)
        case 7:  // DECAWM
            modes.autowrap = on
        case 3:  // DECCOLM: 80/132 columns (xterm: only with mode 40)
            guard modes.allowColumnSwitch else { break }
            modes.columns132 = on
            let width = on ? 132 : 80
            if width != cols { resize(cols: width, rows: rows) }
            reportErase(rows: 0, rows)
            grid.clearRows(from: 0, to: rows, with: eraseCell)
            scrollTop = 0
            scrollBottom = rows - 1
            resetHorizontalMargins()
            moveCursor(row: 0, col: 0)
        case 40: modes.allowColumnSwitch = on
        case 12: modes.cursorBlink = on
        case 25: modes.cursorVisible = on  // DECTCEM
        case 45: modes.reverseWraparound = on
        case 69: if conformanceLevel >= 4 { setLeftRightMarginMode(on) }  // DECLRMM (VT420)
        case 9, 1000, 1001, 1002, 1003:  // mouse tracking
            let tracking = TerminalModes.MouseTracking(rawValue: mode) ?? .off
            if on {
                modes.mouseTracking = tracking
            } else if modes.mouseTracking == tracking {
                modes.mouseTracking = .off
            }
        case 1005, 1006, 1015, 1016:  // mouse encodings
            let encoding = TerminalModes.MouseEncoding(rawValue: mode) ?? .legacy
            if on {
                modes.mouseEncoding = encoding
            } else if modes.mouseEncoding == encoding {
                modes.mouseEncoding = .legacy
            }
        case 1004: modes.focusReporting = on
        case 1007: modes.alternateScroll = on
        case 2004: modes.bracketedPaste = on
        case 2026: modes.synchronizedOutput = on
        case 47:  // alternate screen, kept as is
            switchScreen(toAlternate: on, clearAlternateOnEntry: false, clearAlternateOnExit: false)
        case 1047:  // alternate screen, cleared on leaving
            switchScreen(toAlternate: on, clearAlternateOnEntry: false, clearAlternateOnExit: true)
        case 1048:  // save / restore cursor
            if on { saveCursor() } else { restoreCursor() }
        case 1049:  // save cursor + cleared alternate screen
            if on {
                if !isAlternateScreen { saveCursor() }
                switchScreen(toAlternate: true, clearAlternateOnEntry: true, clearAlternateOnExit: false)
            } else if isAlternateScreen {
                switchScreen(toAlternate: false, clearAlternateOnEntry: false, clearAlternateOnExit: false)
                restoreCursor()
            }
        default:
            break
        }
    }

    /// Shows the alternate or the main buffer.
    mutating func switchScreen(toAlternate: Bool, clearAlternateOnEntry: Bool, clearAlternateOnExit: Bool) {
        // xterm: clearing the alternate screen cancels a pending wrap; a bare switch keeps it.
        guard toAlternate != isAlternateScreen else {
            if toAlternate && clearAlternateOnEntry {
                reportErase(rows: 0, rows)
                grid.clearRows(from: 0, to: rows, with: eraseCell)
                wrapPending = false
            }
            return
        }
        if !toAlternate && clearAlternateOnExit {
            reportErase(rows: 0, rows)
            grid.clearRows(from: 0, to: rows, with: eraseCell)
            wrapPending = false
        }
        report(.switchBuffer)
        swap(&grid, &otherGrid)
        isAlternateScreen = toAlternate
        if toAlternate && clearAlternateOnEntry {
            reportErase(rows: 0, rows)
            grid.clearRows(from: 0, to: rows, with: eraseCell)
            wrapPending = false
        }
    }

    // MARK: - Save, restore, reset

    /// DECSC: saves position, pending wrap, rendition, character sets and origin mode.
    mutating func saveCursor() {
        var pen = self.pen
        pen.sensitiveIndex = 0
        pen.linkIndex = 0
        savedCursors[isAlternateScreen ? 1 : 0] = SavedCursor(
            row: row, col: col, wrapPending: wrapPending, pen: pen,
            charsets: charsets, glIndex: glIndex, origin: modes.origin)
    }

    /// DECRC: restores what DECSC saved (the home position and defaults when nothing was).
    /// The sensitive mark and the link in effect are not part of the saved state.
    mutating func restoreCursor() {
        let saved = savedCursors[isAlternateScreen ? 1 : 0]
        let sensitiveIndex = pen.sensitiveIndex
        let linkIndex = pen.linkIndex
        pen = saved.pen
        pen.sensitiveIndex = sensitiveIndex
        pen.linkIndex = linkIndex
        charsets = saved.charsets
        glIndex = saved.glIndex
        modes.origin = saved.origin
        moveCursor(row: saved.row, col: saved.col)
        wrapPending = saved.wrapPending && modes.autowrap
    }

    /// DECSTR: soft reset (modes, margins, rendition, charsets, saved cursor; not the screen).
    mutating func softReset() {
        modes.cursorVisible = true
        modes.insert = false
        modes.origin = false
        modes.autowrap = true
        modes.applicationCursorKeys = false
        modes.applicationKeypad = false
        modes.cursorStyle = 0  // xterm: the default shape, not blinking (DECRQSS reports 2 q)
        modes.cursorBlink = false
        // xterm 379 also leaves reverse wraparound (45) and DECLRMM (69), as DEC STD 070 says
        // (esctest2's DECSTR_ReverseWraparound and DECSET_DECLRMM_ModeResetByDECSTR pass in it).
        modes.reverseWraparound = false
        modes.leftRightMargins = false
        protection = .off  // xterm: DECSCA and SPA protection end (the marks stay on the cells)
        scrollTop = 0
        scrollBottom = rows - 1
        resetHorizontalMargins()
        let sensitiveIndex = pen.sensitiveIndex
        let linkIndex = pen.linkIndex
        pen = .blank
        pen.sensitiveIndex = sensitiveIndex
        pen.linkIndex = linkIndex
        charsets = (.ascii, .ascii, .ascii, .ascii)
        glIndex = 0
        singleShift = 0
        savedCursors[isAlternateScreen ? 1 : 0] = SavedCursor()
    }

    /// RIS: full reset. Both buffers are cleared, the sensitive run and the link end;
    /// the title stays (as in xterm).
    mutating func fullReset() {
        // xterm: a terminal switched to 132 columns (with mode 40 allowing it) goes back to 80.
        let back80 = modes.columns132 && modes.allowColumnSwitch && cols != 80
        // The buffers keep their storage (and their work count): every row becomes a uniform blank.
        if isAlternateScreen {
            report(.switchBuffer)
            swap(&grid, &otherGrid)
        }
        reportErase(rows: 0, rows)
        report(.appearance)  // palette and reverse video reset
        grid.reset()
        otherGrid.reset()
        isAlternateScreen = false
        modes = TerminalModes()
        pen = .blank
        savedCursors = [SavedCursor(), SavedCursor()]
        scrollTop = 0
        scrollBottom = rows - 1
        resetHorizontalMargins()
        tabStops = TerminalState.defaultTabStops(cols: cols)
        tabStopsPastEnd = true
        charsets = (.ascii, .ascii, .ascii, .ascii)
        glIndex = 0
        singleShift = 0
        lastPrinted = nil
        paletteOverrides = [:]
        protection = .off  // no cell is protected any more (DECCIR reports it, as xterm)
        attributeChangeExtent = 0
        if back80 { resize(cols: 80, rows: rows) }
        moveCursor(row: 0, col: 0)
        if tables.clusters.count > 1 || tables.reasons.count > 1 || tables.links.count > 1 { tables = SideTables() }
    }
}
