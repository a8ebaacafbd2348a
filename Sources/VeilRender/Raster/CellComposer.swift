import VeilScreen

/// Builds the 16 row masks of one cell from its glyph, combining marks and attributes.
/// Everything is clipped to the cell: a mask has bits only inside the cell's span (the
/// high byte for a one-column cell), so no pixel can reach a neighbouring cell.
struct CellComposer {
    let font: BitmapFont
    let replacement: GlyphBits?

    init(font: BitmapFont) {
        self.font = font
        self.replacement = font.bits(for: 0xFFFD)
    }

    /// Whether `scalar` is a C0 or C1 control character or DEL (never drawn).
    @inline(__always)
    static func isControl(_ scalar: UInt32) -> Bool {
        scalar < 0x20 || (0x7F...0x9F).contains(scalar)
    }

    /// The glyph drawn for `scalar`: its own, U+FFFD when the font has none, nil for a
    /// control character or a space.
    @inline(__always)
    func glyph(for scalar: UInt32) -> GlyphBits? {
        if scalar == 0x20 || Self.isControl(scalar) { return nil }
        return font.bits(for: scalar) ?? replacement
    }

    /// Writes the masks of a cell spanning `span` columns into `masks` (16 values).
    /// `marks` are the scalars after the base (combining marks); non-marks among them are
    /// ignored.
    func compose(
        base: UInt32, marks: Substring.UnicodeScalarView?, attributes: CellAttributes,
        underline: UnderlineStyle, span: Int, into masks: UnsafeMutablePointer<UInt16>
    ) {
        masks.update(repeating: 0, count: 16)
        if attributes.contains(.invisible) { return }
        let cellPixels = 8 * span
        let clip: UInt16 = span == 2 ? 0xFFFF : 0xFF00
        if !Self.isControl(base) {
            // The base glyph: centred when narrower than the cell, clipped when wider.
            var baseX = 0
            var baseWidth = 8
            if let glyph = glyph(for: base) {
                baseWidth = glyph.pixelWidth
                baseX = baseWidth < cellPixels ? (cellPixels - baseWidth) / 2 : 0
                for row in 0..<16 { masks[row] = (glyph.row(row) >> UInt16(baseX)) & clip }
            } else if cellPixels > 8 {
                baseX = (cellPixels - 8) / 2
            }
            // Combining marks: placed `offset` pixels from the end of the base glyph, then
            // moved inside the cell where they fit, and clipped.
            if let marks {
                for mark in marks {
                    guard let glyph = font.bits(for: mark.value), let offset = glyph.combiningOffset else { continue }
                    var x = baseX + baseWidth + offset
                    x = min(x, cellPixels - glyph.pixelWidth)
                    x = max(x, 0)
                    for row in 0..<16 { masks[row] |= (glyph.row(row) >> UInt16(x)) & clip }
                }
            }
            if attributes.contains(.bold) {
                // Synthesized bold: the glyph OR-ed with itself shifted one pixel right.
                for row in 0..<16 { masks[row] |= (masks[row] >> 1) & clip }
            }
        }
        if attributes.contains(.underline) {
            masks[15] = clip
            if underline == .double { masks[13] = clip }
        }
        if attributes.contains(.strikethrough) { masks[8] = clip }
        if attributes.contains(.overline) { masks[0] = clip }
    }
}
