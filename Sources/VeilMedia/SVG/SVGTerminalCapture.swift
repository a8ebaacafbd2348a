import Foundation

/// The terminal screens an SVG capture shows: its text on the cell grid, frame by frame.
///
/// Terminal recorders write the screen's text in clear: termtosvg as `<text>` runs in
/// `<defs>` placed by `<use>` in one group per frame, stacked vertically and moved under the
/// window by CSS `@keyframes` of `translateY`; svg-term as `<symbol>` lines placed in one
/// nested `<svg>` per frame, side by side, moved by `translateX`; a still capture (freeze,
/// asciinema's previews) as `<text>` and `<tspan>` runs on a monospaced grid. Recognised by
/// that structure, not by a name: the positions of text (nested `<svg>` and `<use>` offsets
/// and `translate` transforms added up) are mapped to cells, each frame is the strip's
/// window at one keyframe, and each frame's time is its keyframe's share of the duration.
/// Text elsewhere (`<title>`, `<desc>`, `<metadata>`, comments, text off the grid, or all
/// text of an SVG that is not a terminal capture) is in ``texts``.
///
/// Nothing outside the file is read: a `<use>` of another file is not followed (it is
/// named in ``notes``); the XML is read by ``XMLReader`` (no entity expansion).
public struct SVGTerminalCapture: Sendable {
    /// A piece of text at a cell: its first character's row and column, and its characters
    /// with their source bytes.
    public struct Piece: Sendable, Hashable {
        public var row: Int
        public var col: Int
        public var text: XMLDocument.Text
    }

    /// What a frame draws, in order: text, or rows painted over (a layer's row background,
    /// which hides the text below it).
    public enum Item: Sendable, Hashable {
        case text(Piece)
        case clear(rows: Range<Int>)
    }

    /// One screen, from `seconds` on: drawn from blank by its items in order.
    public struct Frame: Sendable {
        public var seconds: Double
        public var items: [Item]

        /// The text pieces.
        public var pieces: [Piece] {
            items.compactMap { if case .text(let piece) = $0 { piece } else { nil } }
        }
    }

    /// How the capture was recognised.
    public enum Structure: String, Sendable {
        /// A strip of frames moved by CSS keyframes (termtosvg, svg-term).
        case animated = "an animated terminal capture"
        /// Layers shown in turn by CSS keyframes (Veil's own SVGs).
        case layered = "an animated terminal capture in layers"
        /// One screen of text on a monospaced grid.
        case still = "a terminal screen"
        /// Text that is not on a grid: not a terminal capture, its text judged as text.
        case notTerminal = "an SVG that is not a terminal capture"
    }

    public var structure: Structure
    public var cols: Int
    public var rows: Int
    /// In time order (none when ``structure`` is ``Structure/notTerminal``).
    public var frames: [Frame]
    /// Text that no frame shows on its grid, with what it is (`title`, `comment`, `text`).
    public var texts: [(label: String, text: XMLDocument.Text)]
    /// What was not read (external references), each a sentence.
    public var notes: [String]
    /// The document.
    public let document: XMLDocument

    /// The most pieces of text and references expanded (through `<use>`), so a file of
    /// nested references cannot make the work grow far past its size (a 30-second termtosvg
    /// capture expands about 30,000).
    public static let maximumPieces = 200_000
    /// The largest grid.
    public static let maximumCells = 1000

    /// Whether `prefix` (a file's first bytes) starts an SVG document: after an XML
    /// declaration, comments and a DOCTYPE, an `<svg` root.
    public static func looksLikeSVG(_ prefix: [UInt8]) -> Bool {
        var text = String(decoding: prefix.prefix(4096), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var rest = text[...]
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!--") || rest.hasPrefix("<!DOCTYPE")
                || rest.hasPrefix("<!doctype")
            {
                let end = rest.hasPrefix("<!--") ? "-->" : ">"
                guard let close = rest.range(of: end) else { return false }
                rest = rest[close.upperBound...]
                continue
            }
            return rest.hasPrefix("<svg") || rest.hasPrefix("<svg:svg")
        }
    }

    /// Reads an SVG capture.
    /// - Throws: ``XMLReader/Failure`` (not well-formed, entities declared, not an SVG root,
    ///   too much text, a grid too large).
    public static func read(_ bytes: [UInt8]) throws(XMLReader.Failure) -> SVGTerminalCapture {
        let document = try XMLReader.read(bytes)
        guard document.root.localName == "svg" else {
            throw XMLReader.Failure(
                line: 1, column: 1, message: "the root element is <\(document.root.name)>, not <svg>")
        }
        var reader = SVGTextWalk(document: document)
        try reader.run()
        return try reader.capture()
    }
}
