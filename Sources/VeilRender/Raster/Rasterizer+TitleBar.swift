extension Rasterizer {
    /// Paints the optional title bar: the frame colour with the title centred on it, each
    /// character in its own glyph-sized box (control characters and combining marks are
    /// skipped; characters that do not fit are left out).
    func drawTitleBar<Writer: PixelWriter>(_ title: String, layout: Layout, into writer: inout Writer) -> Bool {
        let scale = layout.scale
        guard writer.fill(x: 0, y: 0, width: layout.width, height: layout.titleBarHeight, color: theme.frameBackground)
        else { return false }
        let composer = CellComposer(font: font)
        var glyphs: [(scalar: UInt32, span: Int)] = []
        var pixels = 0
        for scalar in title.unicodeScalars {
            let value = scalar.value
            if CellComposer.isControl(value) || font.bits(for: value)?.combiningOffset != nil { continue }
            let span = (composer.glyph(for: value)?.pixelWidth ?? 8) / 8
            guard (pixels + 8 * span) * scale <= layout.width else { break }
            glyphs.append((value, span))
            pixels += 8 * span
        }
        let masks = UnsafeMutablePointer<UInt16>.allocate(capacity: 16)
        defer { masks.deallocate() }
        var x = (layout.width - pixels * scale) / 2
        let y = (layout.titleBarHeight - 16 * scale) / 2
        for (value, span) in glyphs {
            composer.compose(base: value, marks: nil, attributes: [], underline: .none, span: span, into: masks)
            guard
                writer.paint(
                    x: x, y: y, span: span, masks: masks,
                    foreground: theme.frameForeground, background: theme.frameBackground)
            else { return false }
            x += 8 * span * scale
        }
        return true
    }
}
