extension TerminalState {
    /// Prints one character at the cursor (the slow path: charsets, wide, combining, insert mode).
    mutating func print(_ input: Unicode.Scalar) {
        var scalar = input
        if scalar.value < 0x80 {
            let set = singleShift != 0 ? charset(singleShift) : charset(glIndex)
            scalar = set.map(scalar)
        } else if scalar.value < 0xA0 {
            return  // C1 controls decoded from UTF-8 are not printed
        }
        singleShift = 0
        let width = CharacterWidth.of(scalar)
        if width == 0 {
            switch scalar.properties.generalCategory {
            case .control, .format:
                lastPrinted = nil  // xterm: a REP after a zero-width space or joiner repeats nothing
            default:
                break  // a REP after a combining mark repeats its base character
            }
            attachCombining(scalar)
            return
        }
        lastPrinted = input
        put(scalar, width: width)
        if observer != nil { nextPosition += input.utf8.count }
    }

    /// Writes a character of width 1 or 2 at the cursor, wrapping first when needed.
    mutating func put(_ scalar: Unicode.Scalar, width: Int) {
        if wrapPending {
            wrapPending = false
            if modes.autowrap { wrapToNextLine() }
        }
        // The last column this character may use: the right margin, or the half of a
        // double-size row, where those are set.
        var lastColumn = hasSpecialLayout ? lastPrintColumn() : cols - 1
        // xterm: nothing is drawn past the half of a double-size row.
        guard col <= lastColumn else { return }
        if width == 2 {
            guard cols >= 2 else { return }
            if col == lastColumn {
                // xterm: a wide character that does not fit wraps first; without autowrap
                // it is not placed at all (the cursor stays in the last column).
                guard modes.autowrap else { return }
                wrapToNextLine()
                lastColumn = hasSpecialLayout ? lastPrintColumn() : cols - 1
                guard col < lastColumn else { return }
            }
        }
        if modes.insert { insertBlanks(width) }
        if observer != nil { report(.write(row: row, cols: col..<(col + width), position: nextPosition, run: false)) }
        let base = grid.writableBase(row)
        var cell = pen
        cell.scalar = scalar
        cell.width = UInt8(width)
        let col = self.col
        let cols = self.cols
        grid.cells.withUnsafeMutableBufferPointer { buffer in
            if buffer[base + col].width == 0 && col > 0 { buffer[base + col - 1].blankKeepingRendition() }
            let last = col + width - 1
            if buffer[base + last].width == 2 && last + 1 < cols { buffer[base + last + 1].blankKeepingRendition() }
            buffer[base + col] = cell
            if width == 2 {
                cell.scalar = "\0"
                cell.width = 0
                buffer[base + col + 1] = cell
            }
        }
        let next = self.col + width
        if next > lastColumn {
            // xterm sets the wrap flag even without autowrap; it wraps only while DECAWM is set.
            self.col = lastColumn
            wrapPending = true
        } else {
            self.col = next
        }
        notePrintEnd()
    }

    /// Remembers where the last printed character left the cursor (xterm's
    /// `char_was_written`): a combining mark joins that character only while the cursor
    /// has not moved since.
    @inline(__always)
    mutating func notePrintEnd() {
        printEndRow = row
        printEndCol = col
        printEndPending = wrapPending
    }

    @inline(__always)
    mutating func advance(by width: Int) {
        let next = col + width
        if next >= cols {
            // xterm sets the wrap flag even without autowrap; it wraps only while DECAWM is set.
            col = cols - 1
            wrapPending = true
        } else {
            col = next
        }
    }

    /// Adds a combining mark to a cell, as xterm does: to the last printed character while
    /// the cursor has not moved since it was printed, else to the character under the cursor
    /// (dropped on a blank cell). The mark is first composed with the cell's character
    /// (`e` + U+0301 → `é`) when Unicode has such a character of the same width; otherwise it
    /// is kept after it, at most ``SideTables/maximumCombiningMarks`` per cell.
    mutating func attachCombining(_ scalar: Unicode.Scalar) {
        switch scalar.properties.generalCategory {
        case .control, .format:
            return  // xterm keeps neither controls nor zero-width format characters (ZWJ, ZWSP, …)
        default:
            break
        }
        var target: Int
        if row == printEndRow && col == printEndCol && wrapPending == printEndPending {
            guard wrapPending || col > 0 else { return }
            target = wrapPending ? col : col - 1
        } else {
            // xterm: after a cursor move (its `char_was_written` is reset) the mark goes to
            // the cell under the cursor; on a cell that was never drawn it shows nothing.
            target = col
            let cell = grid[row, target]
            if cell.scalar == " " && cell.width == 1 && cell.clusterIndex == 0 { return }
        }
        if grid[row, target].width == 0 && target > 0 { target -= 1 }
        let cell = grid[row, target]
        if cell.clusterIndex == 0, let composed = CharacterComposition.compose(cell.scalar, scalar),
            CharacterWidth.of(composed) == Int(cell.width)
        {
            reportModify(row: row, cols: target..<(target + 1))
            grid[row, target].scalar = composed
            return
        }
        var text =
            cell.clusterIndex != 0 ? tables.clusters.strings[Int(cell.clusterIndex)] : String(Character(cell.scalar))
        guard text.unicodeScalars.count <= SideTables.maximumCombiningMarks else { return }
        text.unicodeScalars.append(scalar)
        let index = internCluster(text)
        guard index != 0 else { return }
        reportModify(row: row, cols: target..<(target + 1))
        grid[row, target].clusterIndex = index
    }

    func charset(_ index: Int) -> Charset {
        switch index {
        case 0: return charsets.0
        case 1: return charsets.1
        case 2: return charsets.2
        default: return charsets.3
        }
    }

    mutating func designate(_ index: Int, _ set: Charset) {
        switch index {
        case 0: charsets.0 = set
        case 1: charsets.1 = set
        case 2: charsets.2 = set
        default: charsets.3 = set
        }
    }

    /// Prints a run of printable ASCII: writes it straight into the row, segment by segment.
    mutating func printASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        if observer != nil, let first = bytes.baseAddress { nextPosition = position(of: first) }
        if modes.insert || !modes.autowrap || singleShift != 0 || charset(glIndex) != .ascii || hasSpecialLayout {
            for byte in bytes { print(Unicode.Scalar(byte)) }
            return
        }
        let count = bytes.count
        guard count > 0, let source = bytes.baseAddress else { return }
        var template = pen
        template.width = 1
        template.clusterIndex = 0
        var index = 0
        let cols = self.cols
        while index < count {
            if wrapPending {
                wrapPending = false
                if modes.autowrap { wrapToNextLine() }
            }
            let col = self.col
            let n = min(cols - col, count - index)
            if observer != nil {
                report(.write(row: row, cols: col..<(col + n), position: position(of: source + index), run: true))
            }
            let base = grid.writableBase(row, writing: col, col + n)
            grid.cells.withUnsafeMutableBufferPointer { buffer in
                let start = buffer.baseAddress! + base
                if start[col].width == 0 && col > 0 { start[col - 1].blankKeepingRendition() }
                let last = col + n - 1
                if start[last].width == 2 && last + 1 < cols { start[last + 1].blankKeepingRendition() }
                Cell.writeASCII(source + index, count: n, to: start + col, template: template)
            }
            index += n
            advance(by: n)
        }
        lastPrinted = Unicode.Scalar(source[count - 1])
        notePrintEnd()
        if observer != nil { nextPosition = position(of: source + count - 1) + 1 }
    }
}
