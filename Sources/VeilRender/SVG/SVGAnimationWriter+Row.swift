import VeilScreen

extension SVGAnimationWriter {
    /// One row in its own coordinates (top at y = 0): the theme's background across the
    /// canvas, a rectangle per run of cells with another background (hidden cells among
    /// them), and a text element per run of drawn characters in one style.
    func rowMarkup(_ screen: Screen, row: Int) -> String {
        let theme = rasterizer.theme
        let canvasWidth = cols * 8
        var out = #"<rect width="\#(canvasWidth)" height="16" class="b"/>"#
        let screenCols = screen.cols
        let doubled =
            screen.lineSizes.count == screen.rows && screen.lineSizes[row] != .single
        let visible = doubled ? screen.lineSizes[row].visibleColumns(screenCols) : screenCols
        let unit = doubled ? 16 : 8
        var texts = ""

        var runStart = -1
        var runColor = theme.background
        func endRun(at col: Int) {
            if runStart >= 0 {
                out +=
                    #"<rect x="\#(runStart * unit)" width="\#((col - runStart) * unit)" height="16" fill="\#(runColor)"/>"#
            }
            runStart = -1
        }

        var text = ""
        var textStart = 0
        var textStyle = TextStyle()
        var pendingSpaces = 0
        func endText() {
            if !text.isEmpty {
                texts += textStyle.element(x: textStart * unit, text: text, doubled: doubled)
            }
            text = ""
            pendingSpaces = 0
        }

        var col = 0
        while col < visible {
            let cell = screen.cells[row * screenCols + col]
            let wide = cell.width == 2 && col + 1 < screenCols && screen.cells[row * screenCols + col + 1].width == 0
            let span = wide ? 2 : 1
            let (foreground, background) = rasterizer.colors(of: cell, isCursor: false)
            // Backgrounds.
            if background != theme.background {
                if runStart >= 0 && runColor != background { endRun(at: col) }
                if runStart < 0 {
                    runStart = col
                    runColor = background
                }
            } else {
                endRun(at: col)
            }
            // Text: the character and its combining marks, unless blank or not drawn.
            var character = ""
            if cell.width != 0 && !cell.attributes.contains(.invisible) && !CellComposer.isControl(cell.scalar.value)
                && cell.scalar != " " && foreground != background
            {
                character = String(Character(cell.scalar))
                if cell.clusterIndex != 0, Int(cell.clusterIndex) < screen.clusters.count {
                    character = screen.clusters[Int(cell.clusterIndex)].unicodeScalars
                        .filter { !CellComposer.isControl($0.value) }
                        .map(String.init).joined()
                }
            }
            let style = TextStyle(cell: cell, color: foreground)
            if character.isEmpty {
                if !text.isEmpty { pendingSpaces += span }
            } else {
                if !text.isEmpty && (style != textStyle || wide || textStyle.wide) { endText() }
                if text.isEmpty {
                    textStart = col
                    textStyle = style
                    textStyle.wide = wide
                } else if pendingSpaces > 0 {
                    text += String(repeating: " ", count: pendingSpaces)
                    pendingSpaces = 0
                }
                text += Self.escaped(character)
                if wide { endText() }
            }
            col += span
        }
        endRun(at: col)
        endText()
        return out + texts
    }

    /// XML text: `&`, `<`, `>` escaped; characters XML 1.0 cannot hold dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default:
                let value = scalar.value
                if value < 0x20 || (0xFFFE...0xFFFF).contains(value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// How a run of text is drawn.
struct TextStyle: Equatable {
    var color = RGBColor(0, 0, 0)
    var bold = false
    var italic = false
    var decoration = ""
    var wide = false

    init() {}

    init(cell: Cell, color: RGBColor) {
        self.color = color
        let attributes = cell.attributes
        bold = attributes.contains(.bold)
        italic = attributes.contains(.italic)
        var lines: [String] = []
        if attributes.contains(.underline) { lines.append("underline") }
        if attributes.contains(.strikethrough) { lines.append("line-through") }
        if attributes.contains(.overline) { lines.append("overline") }
        decoration = lines.joined(separator: " ")
    }

    /// The text element at `x`; a wide character is stretched to its two cells; a row of
    /// double width is drawn at half the x and stretched twice as wide.
    func element(x: Int, text: String, doubled: Bool) -> String {
        var attributes = #"x="\#(doubled ? x / 2 : x)" y="12" fill="\#(color)""#
        if bold { attributes += #" font-weight="bold""# }
        if italic { attributes += #" font-style="italic""# }
        if !decoration.isEmpty { attributes += #" text-decoration="\#(decoration)""# }
        if wide { attributes += #" textLength="16" lengthAdjust="spacingAndGlyphs""# }
        if doubled { return #"<text transform="scale(2 1)" \#(attributes)>\#(text)</text>"# }
        return "<text \(attributes)>\(text)</text>"
    }
}
