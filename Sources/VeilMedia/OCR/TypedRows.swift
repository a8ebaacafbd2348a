/// The rows of an animation that show the start of another row: a line typed key by key shows
/// each of its prefixes in turn, the cursor after each. OCR reads only the row they lead to;
/// a prefix's words are that row's words, cut where the two rows' ink parts (a typing session
/// of 270 distinct rows is then read as a few dozen).
///
/// A row is a prefix of another on the same pixel rows when their ink is the same up to a
/// column and, past it, the shorter row shows nothing but a cursor: at most one cell of solid
/// ink. Text the shorter row alone shows (a different letter, a word the longer row erased) is
/// never cut from the longer row: such a row is read on its own.
enum TypedRows {
    /// Where a prefix's words come from.
    struct Source: Equatable {
        /// The index of the row it is cut from (itself read by OCR).
        var band: Int
        /// The pixel column where the two rows part.
        var cut: Int
        /// Whether the prefix shows a cursor there (the cut is then a cell's left edge; without
        /// one it is where the longer row's next glyph's ink starts).
        var cursor: Bool
    }

    /// Past the parting column, a cursor's ink fills at least this share of its box.
    static let cursorFill = 0.7

    /// The prefixes among `bands` (by index) and where each one's words come from. A cursor is
    /// at most `cellLimit` pixels wide.
    static func find(_ bands: [Band], cellLimit: Int) -> [Int: Source] {
        var sources: [Int: Source] = [:]
        var rows: [Int: [Int]] = [:]
        for (index, band) in bands.enumerated() { rows[band.top, default: []].append(index) }
        for indices in rows.values where indices.count > 1 {
            let columns = indices.map { Columns(bands[$0]) }
            // Longest first: each row may come from a longer one, read before it.
            let order = indices.indices.sorted { columns[$0].last > columns[$1].last }
            var read: [Int] = []
            for position in order {
                let band = bands[indices[position]]
                let source = read.lazy.compactMap { other -> Source? in
                    guard bands[indices[other]].width == band.width, bands[indices[other]].height == band.height,
                        let part = columns[position].part(from: columns[other], band: band, cellLimit: cellLimit)
                    else { return nil }
                    return Source(band: indices[other], cut: part.cut, cursor: part.cursor)
                }.first
                if let source { sources[indices[position]] = source } else { read.append(position) }
            }
        }
        return sources
    }

    /// The words of a row as `source` says a prefix shows them: whole words left of the cut,
    /// and of a word across it the characters whose cells (`cellWidth` wide) start before it.
    /// A word's box starts where its first glyph's ink does, up to half a cell right of its
    /// cell's edge (a narrow `f`, `1`, `i`): against a cursor's edge the count is rounded from
    /// a quarter cell on.
    static func words(_ words: [OCRWord], as source: Source, cellWidth: Double) -> [OCRWord] {
        let cut = source.cut
        return words.compactMap { word in
            if word.right <= cut { return word }
            guard word.left < cut else { return nil }
            let scalars = Array(word.text.unicodeScalars)
            let cells = Double(cut - word.left) / max(1, cellWidth) + (source.cursor ? 0.25 : 0)
            let kept = min(scalars.count, Int(cells.rounded()))
            guard kept > 0 else { return nil }
            var cutWord = word
            cutWord.text = String(String.UnicodeScalarView(scalars[0..<kept]))
            cutWord.right = min(cut, word.left + Int((Double(kept) * cellWidth).rounded()))
            return cutWord
        }
    }

    /// A row's ink by column: a signature per column, and the last column with ink (-1: none).
    private struct Columns {
        var signatures: [UInt64]
        var last: Int

        init(_ band: Band) {
            var signatures = [UInt64](repeating: 0, count: band.width)
            var last = -1
            band.ink.withUnsafeBufferPointer { ink in
                for x in 0..<band.width {
                    var signature: UInt64 = 0xcbf2_9ce4_8422_2325
                    var any = false
                    for y in 0..<band.height {
                        let bit: UInt64 = Band.isInk(ink[y * band.width + x]) ? 1 : 0
                        any = any || bit == 1
                        signature = (signature ^ bit) &* 0x100_0000_01b3
                    }
                    signatures[x] = signature
                    if any { last = x }
                }
            }
            self.signatures = signatures
            self.last = last
        }

        /// How this row is a prefix of `longer`, or nil: the same ink up to a column (the cut)
        /// where `longer` goes on, and past it nothing or a cursor (one cell of solid ink).
        func part(from longer: Columns, band: Band, cellLimit: Int) -> (cut: Int, cursor: Bool)? {
            let width = signatures.count
            var cut = 0
            while cut < width && signatures[cut] == longer.signatures[cut] { cut += 1 }
            guard last >= 0, cut > 0, cut < width, longer.last >= cut else { return nil }
            // Past the cut, nothing or a cursor: one cell of solid ink.
            if last >= cut {
                guard last < cut + cellLimit, isSolid(band, columns: cut..<(last + 1)) else { return nil }
            }
            return (cut, last >= cut)
        }

        /// Whether the ink in `columns` fills its box as a cursor does.
        private func isSolid(_ band: Band, columns: Range<Int>) -> Bool {
            var top = band.height
            var bottom = -1
            var inked = 0
            band.ink.withUnsafeBufferPointer { ink in
                for y in 0..<band.height {
                    for x in columns where Band.isInk(ink[y * band.width + x]) {
                        inked += 1
                        top = min(top, y)
                        bottom = max(bottom, y)
                    }
                }
            }
            guard bottom >= top else { return true }
            return Double(inked) >= Double((bottom - top + 1) * columns.count) * TypedRows.cursorFill
        }
    }
}
