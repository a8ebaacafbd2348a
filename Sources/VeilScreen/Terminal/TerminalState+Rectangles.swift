/// VT420 rectangular area operations, as xterm 379 does them (screen.c): DECCRA copies a
/// rectangle, DECFRA fills one with a character, DECERA erases one, DECSERA erases its
/// unprotected cells, DECCARA and DECRARA change or reverse the rendition of a rectangle (or
/// of the stream of cells from its first to its last cell, by DECSACE). Coordinates are
/// 1-based and inclusive; under origin mode (DECOM) they count from the margins and are
/// limited to them; the cursor never moves; left/right and top/bottom margins are otherwise
/// ignored. One page: page numbers are ignored.
extension TerminalState {
    /// A rectangle of a rectangular area operation: 1-based, inclusive, in screen rows and
    /// columns (origin mode already applied).
    struct AreaRectangle: Equatable {
        var top: Int
        var left: Int
        var bottom: Int
        var right: Int

        /// The rectangle's cells, 0-based.
        var rect: ScreenRect { ScreenRect(rows: (top - 1)..<bottom, cols: (left - 1)..<right) }
    }

    /// The rows and columns a rectangle may take (1-based): the screen, or under origin
    /// mode the area inside the margins.
    private var areaLimits: (top: Int, left: Int, bottom: Int, right: Int) {
        (originTop + 1, originLeft + 1, originBottom + 1, modes.origin ? rightMargin + 1 : cols)
    }

    /// xterm's `xtermParseRect`: the rectangle of parameters `first` to `first + 3` (top,
    /// left, bottom, right; only the first `available` of them are read). A parameter absent
    /// or 0 takes the limit (the screen's edge, or the margin's under origin mode); under
    /// origin mode every value is then moved by the top or left margin (xterm does so for
    /// the defaults too) and each is limited: top and left to one past the last row or column,
    /// bottom and right to the last.
    func areaRectangle(_ p: Parameters, at first: Int, available: Int = 4) -> AreaRectangle {
        let limits = areaLimits
        func value(_ n: Int, default fallback: Int, low: Int, high: Int, shift: Int) -> Int {
            let given = n < available ? p[first + n] : 0
            let value = (given > 0 ? given : fallback) + (modes.origin ? shift : 0)
            return min(max(value, low), high)
        }
        return AreaRectangle(
            top: value(0, default: limits.top, low: limits.top, high: limits.bottom + 1, shift: scrollTop),
            left: value(1, default: limits.left, low: limits.left, high: limits.right + 1, shift: leftMargin),
            bottom: value(2, default: limits.bottom, low: limits.top, high: limits.bottom, shift: scrollTop),
            right: value(3, default: limits.right, low: limits.left, high: limits.right, shift: leftMargin))
    }

    /// xterm's `validRect`: a rectangle that is not empty and lies inside the limits.
    func isValid(_ area: AreaRectangle) -> Bool {
        let limits = areaLimits
        return area.top >= limits.top && area.left >= limits.left && area.top <= area.bottom
            && area.left <= area.right && area.top <= limits.bottom && area.right <= limits.right
    }

    // MARK: - DECCRA

    /// DECCRA (`CSI Pts ; Pls ; Pbs ; Prs ; Pps ; Ptd ; Pld ; Ppd $ v`): copies the source
    /// rectangle, cells and renditions, to the destination whose top-left corner is given;
    /// what falls past the screen (or the margins under origin mode) is cut. Overlapping
    /// rectangles copy as if through a buffer. A wide character cut by the source's edge
    /// arrives as a blank with its rendition (xterm). Soft wraps stay as they were.
    mutating func copyRectangle(_ p: Parameters) {
        let source = areaRectangle(p, at: 0)
        guard isValid(source) else { return }
        var target = areaRectangle(p, at: 5, available: max(0, min(2, p.count - 5)))
        guard isValid(target) else { return }
        let height = source.bottom - source.top + 1
        let width = source.right - source.left + 1
        target.bottom = target.top + height - 1
        target.right = target.left + width - 1
        // Cut at the screen's edge (or the margins under origin mode).
        let limits = areaLimits
        let rows = (target.top - 1)..<min(target.bottom, limits.bottom)
        let columns = (target.left - 1)..<min(target.right, limits.right)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        extraWork &+= height * width
        report(
            .copy(
                ScreenRect(
                    rows: (source.top - 1)..<(source.top - 1 + rows.count),
                    cols: (source.left - 1)..<(source.left - 1 + columns.count)),
                toRow: rows.lowerBound, toCol: columns.lowerBound))
        // The source first, whole (the rectangles may overlap).
        var copied: [Cell] = []
        copied.reserveCapacity(rows.count * columns.count)
        for r in 0..<rows.count {
            for c in 0..<columns.count {
                var cell = grid[source.top - 1 + r, source.left - 1 + c]
                let col = source.left + c  // 1-based
                if (cell.width == 0 && col == source.left) || (cell.width == 2 && col >= source.right) {
                    cell.blankKeepingRendition()
                }
                copied.append(cell)
            }
        }
        for (r, row) in rows.enumerated() {
            let base = grid.writableBase(row)
            grid.cells.withUnsafeMutableBufferPointer { buffer in
                for (c, col) in columns.enumerated() { buffer[base + col] = copied[r * columns.count + c] }
            }
            grid.repairWideCharacters(row: row)
        }
    }

    // MARK: - DECFRA, DECERA, DECSERA

    /// DECFRA (`CSI Pch ; Pt ; Pl ; Pb ; Pr $ x`): fills the rectangle with the character
    /// `Pch` (a code point; nothing for an absent one, a control, or a character that is not
    /// one column wide) in the current rendition; the cells keep their colours unless a
    /// colour is set (xterm's `ScrnFillRectangle`).
    mutating func fillRectangle(_ p: Parameters) {
        guard p.count > 0, let scalar = Unicode.Scalar(UInt32(p[0])), p[0] >= 0x20, p[0] != 0x7F,
            !(0x80..<0xA0).contains(p[0]), CharacterWidth.of(scalar) == 1
        else { return }
        let area = areaRectangle(p, at: 1)
        guard isValid(area) else { return }
        if observer != nil { report(.fill(area.rect, position: sequencePosition)) }
        fill(area, with: scalar)
    }

    /// DECERA (`CSI Pt ; Pl ; Pb ; Pr $ z`): fills the rectangle with blanks in the current
    /// rendition, protected cells included; the cells keep their colours unless a colour is
    /// set (xterm fills with a space, as DECFRA).
    mutating func eraseRectangle(_ p: Parameters) {
        let area = areaRectangle(p, at: 0)
        guard isValid(area) else { return }
        report(.erase(area.rect, keepingProtected: false))
        fill(area, with: " ")
    }

    /// Fills `area` with `scalar` as xterm's `ScrnFillRectangle` does: the pen's rendition
    /// (protection included), the cell's colours kept unless the pen has one; a wide
    /// character cut by an edge is blanked whole.
    private mutating func fill(_ area: AreaRectangle, with scalar: Unicode.Scalar) {
        let rect = area.rect
        extraWork &+= rect.rows.count * rect.cols.count
        var template = pen
        template.scalar = scalar
        template.width = 1
        template.clusterIndex = 0
        let keepsColors = pen.foreground == .default && pen.background == .default
        for row in rect.rows {
            if keepsColors, grid.isUniform(row) {
                // One cell for the whole row: the fill is one cell too when it spans the row.
                var cell = template
                let old = grid[row, 0]
                cell.foreground = old.foreground
                cell.background = old.background
                cell.underlineColor = old.underlineColor
                if rect.cols == 0..<cols {
                    grid.fill(row: row, from: 0, to: cols, with: cell)
                    continue
                }
            }
            let base = grid.writableBase(row)
            let cols = self.cols
            grid.cells.withUnsafeMutableBufferPointer { buffer in
                if buffer[base + rect.cols.lowerBound].width == 0 && rect.cols.lowerBound > 0 {
                    buffer[base + rect.cols.lowerBound - 1].blankKeepingRendition()
                }
                if rect.cols.upperBound < cols && buffer[base + rect.cols.upperBound].width == 0 {
                    buffer[base + rect.cols.upperBound].blankKeepingRendition()
                }
                for col in rect.cols {
                    var cell = template
                    if keepsColors {
                        cell.foreground = buffer[base + col].foreground
                        cell.background = buffer[base + col].background
                        cell.underlineColor = buffer[base + col].underlineColor
                    }
                    buffer[base + col] = cell
                }
            }
        }
    }

    /// DECSERA (`CSI Pt ; Pl ; Pb ; Pr $ {`): blanks the characters of the rectangle, their
    /// renditions and colours kept, except cells protected by DECSCA (ISO protection from
    /// SPA does not protect from it, as xterm's `ScrnWipeRectangle`).
    mutating func selectivelyEraseRectangle(_ p: Parameters) {
        let area = areaRectangle(p, at: 0)
        guard isValid(area) else { return }
        let rect = area.rect
        let keep = protection == .dec
        report(.erase(rect, keepingProtected: keep))
        extraWork &+= rect.rows.count * rect.cols.count
        let cols = self.cols
        for row in rect.rows {
            if grid.isUniform(row) {
                let cell = grid[row, 0]
                if (keep && cell.attributes.contains(.protected)) || (cell.scalar == " " && cell.width == 1) {
                    continue
                }
            }
            let base = grid.writableBase(row)
            grid.cells.withUnsafeMutableBufferPointer { buffer in
                @inline(__always) func kept(_ index: Int) -> Bool {
                    keep && buffer[index].attributes.contains(.protected)
                }
                let left = base + rect.cols.lowerBound
                if rect.cols.lowerBound > 0 && buffer[left].width == 0 && !kept(left) {
                    buffer[left - 1].blankKeepingRendition()
                }
                let right = base + rect.cols.upperBound - 1
                if rect.cols.upperBound < cols && buffer[right].width == 2 && !kept(right) {
                    buffer[right + 1].blankKeepingRendition()
                }
                for col in rect.cols where !kept(base + col) {
                    buffer[base + col].blankKeepingRendition()
                    buffer[base + col].clusterIndex = 0
                }
            }
        }
    }

    // MARK: - DECCARA, DECRARA

    /// DECCARA (`CSI Pt ; Pl ; Pb ; Pr ; Ps… $ r`) and DECRARA (`… $ t`): sets (or reverses)
    /// bold 1, underline 4, blink 5 and inverse 7 (0 clears the four; 22, 24, 25, 27 clear
    /// one) on the rectangle, or on the stream of cells from its first to its last cell
    /// (DECSACE 0 or 1, the default: the first row from the left edge, whole rows between,
    /// the last row to the right edge). Characters and colours stay. As xterm: 8 and 28
    /// (invisible) change nothing (xterm cannot keep the mark on a cell), and 22 clears bold only.
    mutating func changeAttributes(_ p: Parameters, reverse: Bool) {
        let area = areaRectangle(p, at: 0)
        guard isValid(area) else { return }
        let exact = attributeChangeExtent == 2
        let limits = areaLimits
        let rect = area.rect
        let span = exact ? rect.cols : (limits.left - 1)..<limits.right
        report(.modify(ScreenRect(rows: rect.rows, cols: span)))
        extraWork &+= rect.rows.count * span.count
        let codes = (4..<max(4, p.count)).map { p[$0] }
        for row in rect.rows {
            let first = exact || row == rect.rows.lowerBound ? rect.cols.lowerBound : limits.left - 1
            let last = exact || row == rect.rows.upperBound - 1 ? rect.cols.upperBound : limits.right
            guard first < last else { continue }
            let base = grid.writableBase(row)
            grid.cells.withUnsafeMutableBufferPointer { buffer in
                for col in first..<last {
                    Self.change(&buffer[base + col], codes: codes, reverse: reverse)
                }
            }
        }
    }

    /// Applies DECCARA (or, `reverse`, DECRARA) codes to one cell.
    private static func change(_ cell: inout Cell, codes: [Int], reverse: Bool) {
        for code in codes {
            let attribute: CellAttributes
            switch code {
            case 1, 22: attribute = .bold
            case 4, 24: attribute = .underline
            case 5, 25: attribute = .blink
            case 7, 27: attribute = .inverse
            case 0 where !reverse:
                cell.attributes.subtract([.bold, .underline, .blink, .inverse])
                cell.underlineStyle = .none
                continue
            default: continue
            }
            let on: Bool
            if reverse {
                guard code < 20 else { continue }
                on = !cell.attributes.contains(attribute)
            } else {
                on = code < 20
            }
            if on {
                cell.attributes.insert(attribute)
                if attribute == .underline && cell.underlineStyle == .none { cell.underlineStyle = .single }
            } else {
                cell.attributes.remove(attribute)
                if attribute == .underline { cell.underlineStyle = .none }
            }
        }
    }
}
