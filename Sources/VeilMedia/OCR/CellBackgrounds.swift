/// Cell backgrounds other than the image's own: a diff's red and green lines, a prompt's
/// coloured segments, a status bar, inverse video. Ink is what differs from the background
/// *under it*: measured against the image's one background colour, a coloured line is ink
/// from edge to edge (its rows of text merge into one block with no gap to find the grid by,
/// and the reader gets a black bar instead of letters).
///
/// A background shows as wide runs of one colour: a row of pixels crosses a glyph in strokes
/// a few pixels wide, but crosses a cell's background where no glyph reaches (above and below
/// the letters, between words) in runs as wide as the coloured cells. So a run of one colour
/// at least ``runWidth`` pixels wide is background, not ink; and in a band of text, each
/// column's background is the colour its wide runs have in most of the band's pixel rows.
enum CellBackgrounds {
    /// The narrowest run of one colour that is background: three cells of an 8-pixel font.
    /// A glyph's horizontal strokes are shorter (an underscore or a dash is one cell); a space
    /// between two words inside a coloured line is too, so a row of pixels through the
    /// letters keeps them as ink.
    static let runWidth = 24
    /// A pixel this close to a run's first pixel continues the run (JPEG's noise).
    static let runTolerance = InkProfile.threshold / 2

    /// Calls `body(start, end, colour)` for each run of one colour at least ``runWidth``
    /// pixels wide in the row of `width` pixels at byte `offset` of RGBA `pixels` (a pixel
    /// within `tolerance` of the run's first continues it).
    @inline(__always)
    static func forEachWideRun(
        _ pixels: UnsafeBufferPointer<UInt8>, row offset: Int, width: Int, tolerance: Int = runTolerance,
        _ body: (Int, Int, Pixel) -> Void
    ) {
        var start = 0
        while start < width {
            let at = offset + start * 4
            let first = Pixel(r: pixels[at], g: pixels[at + 1], b: pixels[at + 2])
            var end = start + 1
            while end < width && first.distance(pixels, offset + end * 4) <= tolerance { end += 1 }
            if end - start >= runWidth { body(start, end, first) }
            start = end
        }
    }

    /// For each column of the band of pixel rows `top..<bottom`, the background under it: the
    /// colour of the wide runs covering that column in most rows of the band (a majority
    /// vote); `background` for a column no wide run covers.
    static func columns(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, top: Int, bottom: Int, background: Pixel
    ) -> [Pixel] {
        // Boyer–Moore majority vote per column over the band's rows.
        var candidate = [Pixel](repeating: background, count: width)
        var votes = [Int](repeating: 0, count: width)
        var seen = [Bool](repeating: false, count: width)
        for y in top..<bottom {
            forEachWideRun(pixels, row: y * width * 4, width: width) { start, end, colour in
                for x in start..<end {
                    seen[x] = true
                    if votes[x] == 0 {
                        candidate[x] = colour
                        votes[x] = 1
                    } else if candidate[x].distance(to: colour) <= runTolerance {
                        votes[x] += 1
                    } else {
                        votes[x] -= 1
                    }
                }
            }
        }
        // A vote may end at zero with its last candidate standing: still a background seen
        // there. A column no wide run covers (a margin narrower than a run, a coloured cell
        // or two) is measured against the image's background, as before.
        for x in 0..<width where !seen[x] { candidate[x] = background }
        return candidate
    }
}
