/// An RGB colour.
struct Pixel: Hashable, Sendable {
    var r: UInt8
    var g: UInt8
    var b: UInt8

    /// How far a pixel at `offset` of RGBA bytes is from this colour (the largest channel
    /// difference).
    @inline(__always)
    func distance(_ rgba: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        max(abs(Int(rgba[offset]) - Int(r)), abs(Int(rgba[offset + 1]) - Int(g)), abs(Int(rgba[offset + 2]) - Int(b)))
    }

    /// How far `other` is from this colour (the largest channel difference).
    @inline(__always)
    func distance(to other: Pixel) -> Int {
        max(abs(Int(other.r) - Int(r)), abs(Int(other.g) - Int(g)), abs(Int(other.b) - Int(b)))
    }

    /// A terminal image's background: its most common colour (sampled).
    static func background(of rgba: [UInt8], width: Int, height: Int) -> Pixel {
        var counts: [Int: (Int, Pixel)] = [:]
        let count = width * height
        var pixel = 0
        while pixel < count {
            let offset = pixel * 4
            let colour = Pixel(r: rgba[offset], g: rgba[offset + 1], b: rgba[offset + 2])
            let key = Int(colour.r >> 3) << 10 | Int(colour.g >> 3) << 5 | Int(colour.b >> 3)
            counts[key, default: (0, colour)].0 += 1
            pixel += 7
        }
        return counts.values.max { $0.0 < $1.0 }?.1 ?? Pixel(r: 0, g: 0, b: 0)
    }
}

/// How much ink (pixels away from the background) rows hold.
enum InkProfile {
    /// A pixel this far from the background is ink.
    static let threshold = 48
    /// Text whose strongest pixel is this far from the background, but not ``threshold``, is
    /// faint: a theme's comment or suggestion colour, read too (Nord's `#4C566A` on `#2E3440`
    /// is 42 away, and agg draws its 16-pixel strokes no more than 18 away). Below it, what
    /// differs from the background is noise (JPEG's ringing, a shadow).
    static let faintThreshold = 12
    /// The most faint ink is raised by (``Band/strengthen(_:width:height:)``): noise a third
    /// of faint text's strength stays under ink.
    static let faintGain = 8

    /// How many runs of inked pixel rows (lines) a profile holds.
    static func lineCount(_ profile: [Int]) -> Int {
        var count = 0
        var previous = false
        for value in profile {
            if value > 0 && !previous { count += 1 }
            previous = value > 0
        }
        return count
    }

    /// Ink running down a column longer than this many pixel rows is a rule between panes
    /// (tmux's `│`, a box's side), not a glyph: a glyph's ink stays inside its cell, at most
    /// a row of 32 pixels (a font of 16 drawn twice as large); a rule crosses the gaps
    /// between lines, where the grid is found.
    static let longestGlyphInk = 40

    /// For each pixel row, how many of its pixels (every other one) are ink: away from the
    /// background, not in a wide run of one colour (a coloured cell background,
    /// ``CellBackgrounds``) and not in a vertical rule (``longestGlyphInk``), so the rows
    /// between two lines stay empty in coloured blocks and beside split panes too.
    static func rows(
        _ rgba: [UInt8], width: Int, height: Int, background: Pixel, threshold: Int = threshold
    ) -> [Int] {
        // Every other column, as ink or not.
        let columns = (width + 1) / 2
        var ink = [Bool](repeating: false, count: columns * height)
        rgba.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                var x = 0
                let row = y * width * 4
                let out = y * columns
                // Faint ink is closer to the background than a run's tolerance: looking for it,
                // a run continues only through what is closer still.
                CellBackgrounds.forEachWideRun(pixels, row: row, width: width, tolerance: threshold / 2) {
                    start, end, _ in
                    // The pixels before this run, then past it.
                    while x < start {
                        ink[out + x / 2] = background.distance(pixels, row + x * 4) > threshold
                        x += 2
                    }
                    while x < end { x += 2 }
                }
                while x < width {
                    ink[out + x / 2] = background.distance(pixels, row + x * 4) > threshold
                    x += 2
                }
            }
        }
        // Rules: runs of ink down a column longer than any glyph's.
        for column in 0..<columns {
            var y = 0
            while y < height {
                guard ink[y * columns + column] else {
                    y += 1
                    continue
                }
                let start = y
                while y < height && ink[y * columns + column] { y += 1 }
                if y - start > longestGlyphInk {
                    for rule in start..<y { ink[rule * columns + column] = false }
                }
            }
        }
        var profile = [Int](repeating: 0, count: height)
        for y in 0..<height {
            var count = 0
            for column in 0..<columns where ink[y * columns + column] { count += 1 }
            profile[y] = count
        }
        return profile
    }
}

/// The rows of a character grid, from the pixel rows that hold ink.
struct GridFinder: Sendable {
    /// The height of a row, in pixels: fractional, as a renderer's line height often is (agg
    /// at 16 px: 22.44), so that rows far down the image do not drift off their lines.
    var pitch: Double
    /// The top of row 0 (may be negative: a first row cut by the image's edge).
    var origin: Int
    var count: Int
    /// The first pixel row of `row`.
    func top(of row: Int) -> Int { origin + Int((Double(row) * pitch).rounded()) }

    /// The end of `row`'s pixel rows: the next row's top.
    func bottom(of row: Int) -> Int { top(of: row + 1) }

    /// The row pitch of lines of text centred at `centres` (pixel rows, two or more): the
    /// smallest spacing, at least `typicalHeight` (the median line's), that puts every centre
    /// at the same phase of the rows (the centres' mean resultant on the circle of that
    /// period), to a twentieth of a pixel (a whole number of pixels when that close, as the
    /// lines' spread allows). Centres do not depend on how tall the ink of each
    /// line is (a block cursor fills its whole row; a line without capitals or descenders is
    /// shorter), and blank rows between lines do not change the phase.
    static func pitch(ofLinesCentredAt centres: [Double], height: Int, typicalHeight: Int) -> Double {
        let lowest = Double(max(2, typicalHeight))
        let highest = max(lowest, min(Double(height) / 2 + 1, lowest * 4))
        let periods = stride(from: lowest, through: highest, by: 0.05).map {
            ($0, PeriodicPhase.of(centres, period: $0).coherence)
        }
        let best = periods.map(\.1).max() ?? 0
        // The smallest period nearly as coherent as the best (its multiples are as coherent:
        // lines two rows apart also sit at one phase of twice the pitch), then its own peak.
        guard let first = periods.first(where: { $0.1 >= best * 0.9 }) else { return lowest }
        let peak = periods.filter { abs($0.0 - first.0) < 1.5 }.max { $0.1 < $1.1 } ?? first
        // Most terminals draw rows a whole number of pixels high: a peak this close to one is
        // that number. The centres' noise (a pixel or two) moves the peak by about that much
        // divided by the rows the lines span: a fifth of a pixel, more with few rows.
        let whole = peak.0.rounded()
        let spanned = max(1, ((centres.max() ?? 0) - (centres.min() ?? 0)) / peak.0)
        return abs(peak.0 - whole) <= max(0.2, 1 / spanned) ? whole : peak.0
    }

    /// The grid, or nil when no row holds ink.
    static func rows(from profile: [Int]) -> GridFinder? {
        let height = profile.count
        let inked = profile.map { $0 > 0 }
        // Lines of ink: runs of inked pixel rows.
        var runs: [Range<Int>] = []
        var y = 0
        while y < height {
            guard inked[y] else {
                y += 1
                continue
            }
            let start = y
            while y < height && inked[y] { y += 1 }
            runs.append(start..<y)
        }
        guard !runs.isEmpty else { return nil }
        let tallest = runs.map(\.count).max()!
        var pitch = Double(tallest + max(2, tallest / 3))
        if runs.count >= 2 {
            let heights = runs.map(\.count).sorted()
            pitch = Self.pitch(
                ofLinesCentredAt: runs.map { Double($0.lowerBound + $0.upperBound) / 2 }, height: height,
                typicalHeight: heights[heights.count / 2])
        }
        // The origin: row boundaries where there is no ink.
        let whole = max(1, Int(pitch.rounded(.up)))
        var bestOrigin = 0
        var bestScore = -1
        for origin in 0..<whole {
            var score = 0
            var row = 0
            while true {
                let boundary = origin + Int((Double(row) * pitch).rounded())
                guard boundary < height else { break }
                if !inked[boundary] { score += 1 }
                row += 1
            }
            if score > bestScore {
                bestScore = score
                bestOrigin = origin
            }
        }
        // A row cut by the top edge starts above it.
        let origin =
            bestOrigin > 0 && inked[0..<min(bestOrigin, height)].contains(true)
            ? bestOrigin - Int(pitch.rounded()) : bestOrigin
        var count = 0
        while origin + Int((Double(count) * pitch).rounded()) < height { count += 1 }
        return GridFinder(pitch: pitch, origin: origin, count: count)
    }
}

/// One row of cells cut out of a frame.
struct Band: Sendable {
    /// Its content (equal rows read once).
    var key: Int
    var width: Int
    var height: Int
    /// The top of the band in the frame.
    var top: Int
    /// Ink strength 0–255 per pixel.
    var ink: [UInt8]
    /// The runs of columns that are a colour other than the image's background, with no ink
    /// (a coloured cell's blank, a box painted over a value).
    var solids: [TerminalOCR.Solid] = []

    /// The band from pixel row `top` to `bottom`, or nil when it holds no ink.
    init?(_ rgba: [UInt8], width: Int, top: Int, bottom: Int, background: Pixel) {
        let height = bottom - top
        var ink = [UInt8](repeating: 0, count: width * height)
        var under: [Pixel] = []
        rgba.withUnsafeBufferPointer { pixels in
            // Ink is measured against the background under each column: a coloured line's
            // letters are read as letters, its background is not a bar of ink.
            under = CellBackgrounds.columns(pixels, width: width, top: top, bottom: bottom, background: background)
            for y in 0..<height {
                let row = (top + y) * width * 4
                for x in 0..<width {
                    ink[y * width + x] = UInt8(min(255, under[x].distance(pixels, row + x * 4)))
                }
            }
        }
        Self.strengthen(&ink, width: width, height: height)
        guard ink.contains(where: Band.isInk) else { return nil }
        solids = Self.solids(ink, under: under, width: width, height: height, background: background)
        // Keyed by which pixels are ink, not by their exact colours: an animation's frames
        // quantized to different palettes still read their unchanged rows once.
        var hasher = Hasher()
        hasher.combine(width)
        hasher.combine(height)
        var word: UInt64 = 0
        ink.withUnsafeBufferPointer { ink in
            for index in 0..<ink.count {
                word = word << 1 | (Band.isInk(ink[index]) ? 1 : 0)
                if index & 63 == 63 {
                    hasher.combine(word)
                    word = 0
                }
            }
        }
        hasher.combine(word)
        // A painted box shows no ink: rows that differ only there differ.
        hasher.combine(solids)
        key = hasher.finalize()
        self.width = width
        self.height = height
        self.top = top
        self.ink = ink
    }

    /// The runs of columns whose background (`under`) is not the image's and that hold no ink.
    static func solids(
        _ ink: [UInt8], under: [Pixel], width: Int, height: Int, background: Pixel
    ) -> [TerminalOCR.Solid] {
        var result: [TerminalOCR.Solid] = []
        var x = 0
        while x < width {
            let colour = under[x]
            func solid(_ column: Int) -> Bool {
                guard under[column].distance(to: background) > CellBackgrounds.runTolerance,
                    under[column].distance(to: colour) <= CellBackgrounds.runTolerance
                else { return false }
                for y in 0..<height where Band.isInk(ink[y * width + column]) { return false }
                return true
            }
            guard solid(x) else {
                x += 1
                continue
            }
            var end = x + 1
            while end < width && solid(end) { end += 1 }
            result.append(TerminalOCR.Solid(x: x..<end, red: colour.r, green: colour.g, blue: colour.b))
            x = end
        }
        return result
    }

    /// Turns distances from the background into ink strengths: twice the distance, so text
    /// ``InkProfile/threshold`` away is ink; faint text (the strongest pixel within a glyph's
    /// reach, a third of the band's height and at least 8 pixels either side, between
    /// ``InkProfile/faintThreshold`` and twice ``InkProfile/threshold`` away) is raised
    /// towards full strength (at most ``InkProfile/faintGain`` times its distance), so the
    /// reader sees it as dark as bright text beside it (a suggestion in grey after a typed
    /// prefix). Regions whose strongest pixel is within ``InkProfile/faintThreshold`` stay
    /// noise.
    static func strengthen(_ ink: inout [UInt8], width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        var strongest = [Int](repeating: 0, count: width)
        for y in 0..<height {
            for x in 0..<width { strongest[x] = max(strongest[x], Int(ink[y * width + x])) }
        }
        let reach = max(8, height / 3)
        var gains = [Int](repeating: 2, count: width)
        for x in 0..<width {
            // The strongest ink within reach (a sliding maximum would be faster; bands are small).
            let local = strongest[max(0, x - reach)...min(width - 1, x + reach)].max() ?? 0
            if local > InkProfile.faintThreshold && local < 2 * InkProfile.threshold {
                gains[x] = max(2, min(InkProfile.faintGain, 240 / local))
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                ink[index] = UInt8(min(255, Int(ink[index]) * gains[x]))
            }
        }
    }

    /// Whether an ink strength is ink (the pixel is past ``InkProfile/threshold``, or faint
    /// text raised by ``strengthen(_:width:height:)``): what a band's key and ``TypedRows``
    /// compare.
    @inline(__always)
    static func isInk(_ strength: UInt8) -> Bool { Int(strength) > InkProfile.threshold * 2 }

    /// Lines read best at about this many pixels high.
    static let readingHeight = 40
    /// White margin around the line.
    static let margin = 8

    /// The columns that hold ink (with a few pixels around it for faint edges), or nil.
    var inkedColumns: Range<Int>? {
        var first = width
        var last = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where Int(ink[row + x]) > InkProfile.threshold {
                first = min(first, x)
                last = max(last, x)
            }
        }
        guard last >= first else { return nil }
        return max(0, first - Self.edge)..<min(width, last + 1 + Self.edge)
    }

    /// Pixels kept left and right of the ink.
    static let edge = 3

    /// The words of the band, in the band's pixels: its inked columns scaled up to about
    /// ``readingHeight``, as dark text on white, read as one line (recognition costs what the
    /// line's width costs: most terminal rows are shorter than the screen).
    func read(with engine: OCREngine) -> [OCRWord] {
        guard let columns = inkedColumns else { return [] }
        let left = columns.lowerBound
        let width = columns.count
        let scale = max(1, min(4, (Self.readingHeight + height - 1) / max(1, height)))
        let outWidth = width * scale + 2 * Self.margin
        let outHeight = height * scale + 2 * Self.margin
        var gray = [UInt8](repeating: 255, count: outWidth * outHeight)
        // Bilinear scaling of the ink, then inverted.
        for y in 0..<(height * scale) {
            let sourceY = (Double(y) + 0.5) / Double(scale) - 0.5
            let y0 = max(0, min(height - 1, Int(sourceY.rounded(.down))))
            let y1 = min(height - 1, y0 + 1)
            let fy = max(0, min(1, sourceY - Double(y0)))
            let row0 = y0 * self.width + left
            let row1 = y1 * self.width + left
            for x in 0..<(width * scale) {
                let sourceX = (Double(x) + 0.5) / Double(scale) - 0.5
                let x0 = max(0, min(width - 1, Int(sourceX.rounded(.down))))
                let x1 = min(width - 1, x0 + 1)
                let fx = max(0, min(1, sourceX - Double(x0)))
                let top = Double(ink[row0 + x0]) * (1 - fx) + Double(ink[row0 + x1]) * fx
                let bottom = Double(ink[row1 + x0]) * (1 - fx) + Double(ink[row1 + x1]) * fx
                let value = top * (1 - fy) + bottom * fy
                gray[(y + Self.margin) * outWidth + x + Self.margin] = UInt8(255 - min(255, Int(value)))
            }
        }
        return engine.recognize(gray: gray, width: outWidth, height: outHeight, mode: .line).map { word in
            var word = word
            word.left = left + max(0, (word.left - Self.margin) / scale)
            word.right = left + min(width, (word.right - Self.margin + scale - 1) / scale)
            word.top = max(0, (word.top - Self.margin) / scale)
            word.bottom = min(height, (word.bottom - Self.margin + scale - 1) / scale)
            return word
        }
    }
}
