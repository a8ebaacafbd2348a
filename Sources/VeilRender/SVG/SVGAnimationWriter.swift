import VeilScreen

/// Writes screens as an animated SVG: text and rectangles, shown in turn by CSS keyframes, as
/// termtosvg does, streamed frame by frame.
///
/// Each frame is a layer over the layers before it holding only the rows that changed; a row
/// is drawn once (its background, the rectangles of cells with other backgrounds, its text
/// runs) and reused wherever it shows again. Colours are the ``Rasterizer``'s, cell for cell
/// (theme, inverse, dim), so the SVG holds the same cells, colours and hidden spans as the
/// frame's snapshot: a hidden cell is a blank whose colours are equal, so it is a solid
/// rectangle, and the text it covered was never in the screen the writer gets. The text
/// itself is drawn by the viewer's monospace font, not by Veil's bitmap font.
///
/// ```swift
/// var svg = SVGAnimationWriter(rasterizer: rasterizer, cols: 80, rows: 24, durationMilliseconds: 5000)
/// write(svg.frame(screen, atMilliseconds: 0))
/// write(svg.finish())
/// ```
public struct SVGAnimationWriter: Sendable {
    /// The rasterizer whose theme and cell colours the SVG uses (its scale sizes the image).
    public let rasterizer: Rasterizer
    /// The canvas in cells.
    public let cols: Int
    public let rows: Int
    /// The length of one play, milliseconds (the frames' times are fractions of it).
    public let durationMilliseconds: Int
    /// Whether the animation plays forever (else once, and stays on its last frame).
    public let loops: Bool
    /// Most rows remembered for reuse (bounded memory on long recordings).
    public static let maximumRememberedRows = 65_536

    private var rowIDs: [String: Int] = [:]
    private var nextRowID = 0
    /// The number of frames written (a screen that changed no row adds none).
    public private(set) var frameCount = 0
    private var drawn: Screen?
    private var keyframes = ""
    private var started = false

    /// A writer for screens up to `cols`×`rows`, one play lasting `durationMilliseconds`.
    public init(rasterizer: Rasterizer, cols: Int, rows: Int, durationMilliseconds: Int, loops: Bool = true) {
        self.rasterizer = rasterizer
        self.cols = cols
        self.rows = rows
        self.durationMilliseconds = max(durationMilliseconds, 1)
        self.loops = loops
    }

    /// The image width and height in user units (8 × 16 per cell).
    public var viewBoxSize: (width: Int, height: Int) { (cols * 8, rows * 16) }

    /// The markup that shows `screen` from `milliseconds` on: the rows that changed since the
    /// screen before (empty when none did). The first call also returns the document's start.
    public mutating func frame(_ screen: Screen, atMilliseconds milliseconds: Int) -> [UInt8] {
        var out = ""
        if !started {
            out += header()
            started = true
        }
        let changed: Range<Int>
        var whole = false
        if let previous = drawn, previous.cols == screen.cols, previous.rows == screen.rows {
            guard let rows = FrameCanvas.changedRows(from: previous, to: screen) else {
                drawn = screen
                return Array(out.utf8)
            }
            changed = rows
        } else {
            changed = 0..<screen.rows
            whole = true
        }
        var defs = ""
        var uses = ""
        if whole && frameCount > 0 {
            uses += #"<rect width="100%" height="100%" class="b"/>"#
        }
        for row in changed {
            // Rows that did not change inside the range stay as they are (the layer below).
            if !whole, let drawn, Self.rowEqual(drawn, screen, row) { continue }
            let markup = rowMarkup(screen, row: row)
            let id: Int
            if let known = rowIDs[markup] {
                id = known
            } else {
                id = nextRowID
                nextRowID += 1
                if rowIDs.count < Self.maximumRememberedRows { rowIDs[markup] = id }
                defs += #"<g id="\#(Self.name(id))">"# + markup + "</g>"
            }
            uses += ##"<use href="#\##(Self.name(id))" y="\##(row * 16)"/>"##
        }
        drawn = screen
        if !defs.isEmpty { out += "<defs>" + defs + "</defs>" }
        if frameCount == 0 || milliseconds <= 0 {
            out += "<g>" + uses + "</g>\n"
        } else {
            let name = "k" + String(frameCount, radix: 36)
            out += #"<g class="f" style="animation-name:\#(name)">"# + uses + "</g>\n"
            keyframes += "@keyframes \(name){\(percent(milliseconds))%,to{visibility:visible}}"
            if keyframes.utf8.count >= 1 << 16 { out += flushKeyframes() }
        }
        frameCount += 1
        return Array(out.utf8)
    }

    /// The end of the document.
    public mutating func finish() -> [UInt8] {
        var out = started ? "" : header()
        out += flushKeyframes()
        out += "</svg>\n"
        return Array(out.utf8)
    }

    private mutating func flushKeyframes() -> String {
        guard !keyframes.isEmpty else { return "" }
        defer { keyframes = "" }
        return "<style>" + keyframes + "</style>\n"
    }

    private func header() -> String {
        let (width, height) = viewBoxSize
        let scale = rasterizer.options.scale
        let background = rasterizer.theme.background.description
        let play = loops ? "infinite" : "1 forwards"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width * scale)" height="\(height * scale)" \
            viewBox="0 0 \(width) \(height)" xml:space="preserve">
            <style>text{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono","Liberation Mono",monospace;\
            font-size:13.33px;white-space:pre}.b{fill:\(background)}\
            .f{visibility:hidden;animation:\(durationMilliseconds)ms steps(1,end) \(play)}</style>
            <rect width="100%" height="100%" class="b"/>\n
            """
    }

    /// `milliseconds` as a percentage of one play, at most 4 decimals.
    private func percent(_ milliseconds: Int) -> String {
        let value = min(100, Double(milliseconds) * 100 / Double(durationMilliseconds))
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A short name for a number (base 36).
    static func name(_ number: Int) -> String { "r" + String(number, radix: 36) }

    static func rowEqual(_ a: Screen, _ b: Screen, _ row: Int) -> Bool {
        let cols = b.cols
        let start = row * cols
        if a.lineSizes.count == a.rows, b.lineSizes.count == b.rows, a.lineSizes[row] != b.lineSizes[row] {
            return false
        }
        let clustersDiffer = a.clusters != b.clusters
        for index in start..<(start + cols) {
            if a.cells[index] != b.cells[index] || (clustersDiffer && b.cells[index].clusterIndex != 0) { return false }
        }
        return true
    }
}
