import Dispatch
import Synchronization

/// Reads the text of terminal images with OCR, as a terminal lays it out: the character grid
/// is found first (the background colour; lines of ink repeating every row pitch; the
/// origin in the gaps between them), then each row of cells is cut out, turned into dark
/// text on white, scaled up to the height Tesseract reads best, and read as one line. An
/// animation's identical frames are read once, and so is every row that looks as it did
/// before (a typing session changes one row a frame): only the rows that changed are read,
/// and of a line typed key by key only the longest (``TypedRows``: each prefix is cut from it).
///
/// ```swift
/// let reading = try TerminalOCR.read(gifBytes)
/// for frame in reading.frames { for row in frame.rows { print(row.map(\.text)) } }
/// ```
public enum TerminalOCR {
    /// A word read, in the frame's pixels.
    public struct Word: Sendable, Hashable {
        public var text: String
        public var box: PixelBox
        public var confidence: Float
    }

    /// A run of pixel columns of a row in one colour other than the image's background,
    /// holding no ink: a coloured cell's blank, or a box painted over a value.
    public struct Solid: Sendable, Hashable {
        public var x: Range<Int>
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
    }

    /// A frame as read: from `seconds` on, its grid rows' words (an animation's frames that
    /// look the same are one), and each row's solid runs.
    public struct Frame: Sendable {
        public var seconds: Double
        /// The index of the first decoded frame it stands for.
        public var index: Int
        public var rows: [[Word]]
        public var solids: [[Solid]] = []
    }

    /// What an image held.
    public struct Reading: Sendable {
        public var format: ImageFrames.Format
        public var width: Int
        public var height: Int
        /// The character grid (nil: no lines of text were found: not a terminal image).
        public var cellWidth: Double
        public var cellHeight: Double
        public var originX: Double
        public var originY: Double
        public var cols: Int
        public var rows: Int
        public var frames: [Frame]
        /// Frames decoded, frames that differed from the one before, rows read by OCR.
        public var decodedFrames: Int
        public var distinctFrames: Int
        public var rowsRead: Int
        /// Whether any text was found on a grid.
        public var hasText: Bool { rows > 0 && frames.contains { $0.rows.contains { !$0.isEmpty } } }
    }

    /// Reads `bytes` (PNG, GIF, WebP, JPEG) with up to `threads` OCR engines at once.
    /// - Throws: ``OCREngine/Unavailable`` (no Tesseract or no English data: say the image
    ///   was not audited), ``ImageFrames/Failure`` (a damaged or too large image).
    public static func read(_ bytes: [UInt8], threads: Int = 2) throws -> Reading {
        if let reason = OCREngine.unavailableReason { throw OCREngine.Unavailable(message: reason) }
        // Pass 1: the background, and the frame with the most lines of ink (its lines show the
        // grid; a union of all frames would not, as a block cursor fills every row in turn).
        var background: Pixel?
        var fullest: (lines: Int, profile: [Int]) = (0, [])
        let info = try ImageFrames.decode(bytes) { frame, width, height in
            if background == nil { background = Pixel.background(of: frame.rgba, width: width, height: height) }
            var profile = InkProfile.rows(frame.rgba, width: width, height: height, background: background!)
            var lines = InkProfile.lineCount(profile)
            // Lines in a theme's faint colour (comments, suggestions) show the grid too: counted
            // with faint ink when that finds more lines (bright text's anti-aliased edges only
            // make its lines taller; JPEG's noise between lines would merge them, not add any).
            let faint = InkProfile.rows(
                frame.rgba, width: width, height: height, background: background!,
                threshold: InkProfile.faintThreshold)
            let faintLines = InkProfile.lineCount(faint)
            if faintLines > lines { (profile, lines) = (faint, faintLines) }
            if lines >= fullest.lines { fullest = (lines, profile) }
        }
        guard let background, let grid = GridFinder.rows(from: fullest.profile) else {
            return Reading(
                format: info.format, width: info.width, height: info.height, cellWidth: 0, cellHeight: 0, originX: 0,
                originY: 0, cols: 0, rows: 0, frames: [], decodedFrames: info.count, distinctFrames: 0, rowsRead: 0)
        }
        // Pass 2: each distinct frame's rows, each distinct row cut out once.
        struct Pending { var key: Int; var band: Band }
        var frames: [(seconds: Double, index: Int, keys: [Int?])] = []
        var pending: [Pending] = []
        var seen: Set<Int> = []
        var previousRows: [Int] = []
        var previousKeys: [Int?] = []
        var solidsByKey: [Int: [Solid]] = [:]
        var index = 0
        _ = try ImageFrames.decode(bytes) { frame, width, height in
            defer { index += 1 }
            // Each row's pixels hashed: a frame whose rows all look as before is the same frame,
            // and a row that looks as before has the same key (a typing session changes one row
            // a frame; the others are not cut out again).
            let rows = frame.rgba.withUnsafeBytes { raw in
                (0..<grid.count).map { row -> Int in
                    let top = grid.top(of: row)
                    let bottom = min(height, grid.bottom(of: row))
                    guard top >= 0, bottom > top else { return 0 }
                    var hasher = Hasher()
                    hasher.combine(
                        bytes: UnsafeRawBufferPointer(rebasing: raw[(top * width * 4)..<(bottom * width * 4)]))
                    return hasher.finalize()
                }
            }
            if rows == previousRows { return }
            var keys: [Int?] = []
            for row in 0..<grid.count {
                if row < previousRows.count && rows[row] == previousRows[row] {
                    keys.append(previousKeys[row])
                    continue
                }
                let top = grid.top(of: row)
                let bottom = min(height, grid.bottom(of: row))
                guard top >= 0, bottom > top else {
                    keys.append(nil)
                    continue
                }
                guard let band = Band(frame.rgba, width: width, top: top, bottom: bottom, background: background) else {
                    keys.append(nil)
                    continue
                }
                keys.append(band.key)
                if seen.insert(band.key).inserted { pending.append(Pending(key: band.key, band: band)) }
                solidsByKey[band.key] = band.solids
            }
            previousRows = rows
            previousKeys = keys
            frames.append((frame.seconds, index, keys))
        }
        // The rows to read (a typed line's prefixes are cut from the line), on up to `threads`
        // engines.
        let typed = TypedRows.find(pending.map(\.band), cellLimit: max(1, Int(grid.pitch * 3 / 4)))
        let work = pending.indices.filter { typed[$0] == nil }.map { pending[$0] }
        let results = Mutex<[Int: [OCRWord]]>([:])
        let failure = Mutex<(any Error)?>(nil)
        let workers = max(1, min(threads, work.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            do {
                try OCREngine.withEngine { engine in
                    var item = worker
                    while item < work.count {
                        let words = work[item].band.read(with: engine)
                        results.withLock { $0[work[item].key] = words }
                        item += workers
                    }
                }
            } catch {
                failure.withLock { $0 = error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        var words = results.withLock { $0 }
        // The cell width: the advance of long words (each spans its characters' cells but the
        // last one's side bearings).
        var advances: [Double] = []
        for list in words.values {
            for word in list where word.text.unicodeScalars.count >= 4 {
                advances.append(Double(word.right - word.left) / (Double(word.text.unicodeScalars.count) - 0.2))
            }
        }
        advances.sort()
        var cellWidth = advances.isEmpty ? grid.pitch * 0.5 : advances[advances.count / 2]
        var originX = Double(words.values.flatMap { $0 }.map(\.left).min() ?? 0)
        // Refined by where words start: each at a whole number of cells from the origin (give
        // or take its first glyph's bearing), so the width that puts them all at one phase is
        // the cell's, measured across the whole image rather than within words (a word glued
        // to a pane's rule `│` or read a letter short skews its own advance).
        let lefts = words.values.flatMap { $0 }.map { Double($0.left) }
        if lefts.count >= 8, cellWidth > 2 {
            if let fit = Self.period(of: lefts, near: cellWidth), fit.coherence >= 0.6 {
                cellWidth = fit.period
                // The phase of the starts, placed at or left of the leftmost word.
                let leftmost = lefts.min() ?? 0
                originX = leftmost - (leftmost - fit.phase).truncatingRemainder(dividingBy: fit.period)
                if originX > leftmost { originX -= fit.period }
                originX = max(0, originX)
            }
        }
        for (index, source) in typed {
            words[pending[index].key] = TypedRows.words(
                words[pending[source.band].key] ?? [], as: source, cellWidth: cellWidth)
        }
        var read: [Frame] = []
        for item in frames {
            var rows: [[Word]] = []
            for (row, key) in item.keys.enumerated() {
                let top = grid.top(of: row)
                rows.append(
                    (key.flatMap { words[$0] } ?? []).map {
                        Word(
                            text: $0.text,
                            box: PixelBox(
                                x: $0.left, y: top + $0.top, width: $0.right - $0.left, height: $0.bottom - $0.top),
                            confidence: $0.confidence)
                    })
            }
            read.append(
                Frame(
                    seconds: item.seconds, index: item.index, rows: rows,
                    solids: item.keys.map { key in key.flatMap { solidsByKey[$0] } ?? [] }))
        }
        let cols = max(1, Int(((Double(info.width) - originX) / cellWidth).rounded(.up)))
        return Reading(
            format: info.format, width: info.width, height: info.height, cellWidth: cellWidth,
            cellHeight: grid.pitch, originX: originX, originY: Double(grid.origin), cols: min(cols, 1000),
            rows: grid.count, frames: read, decodedFrames: info.count, distinctFrames: frames.count,
            rowsRead: work.count)
    }
}

extension TerminalOCR {
    /// The period within 15 % of `estimate` (to a two-hundredth of a pixel) that puts the
    /// positions `xs` most nearly at one phase, that phase (a position in `0..<period`), and
    /// how coherent they are there (1: all at one phase).
    static func period(of xs: [Double], near estimate: Double) -> (period: Double, phase: Double, coherence: Double)? {
        guard !xs.isEmpty, estimate > 0 else { return nil }
        var best: (period: Double, phase: Double, coherence: Double)?
        for period in stride(from: estimate * 0.85, through: estimate * 1.15, by: 0.005) {
            let fit = PeriodicPhase.of(xs, period: period)
            if fit.coherence > (best?.coherence ?? -1) { best = (period, fit.phase, fit.coherence) }
        }
        return best
    }
}

/// A rectangle of pixels.
public struct PixelBox: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The smallest box holding both.
    public func union(_ other: PixelBox) -> PixelBox {
        let left = min(x, other.x)
        let top = min(y, other.y)
        return PixelBox(
            x: left, y: top, width: max(x + width, other.x + other.width) - left,
            height: max(y + height, other.y + other.height) - top)
    }

    /// `x,y widthxheight`.
    public var description: String { "\(x),\(y) \(width)×\(height)" }
}
