import VeilScreen

/// The colours a screen is drawn with: default foreground and background, the 16 ANSI
/// colours, and the window frame's colours. Indexed colours 16–255 are computed as xterm
/// does (a 6×6×6 cube with levels 0, 95, 135, 175, 215, 255, then 24 greys 8, 18, …, 238).
public struct Theme: Hashable, Sendable {
    /// The theme's name, as the `--theme` option spells it.
    public var name: String
    /// The colour of `TerminalColor.default` as a foreground.
    public var foreground: RGBColor
    /// The colour of `TerminalColor.default` as a background (and of padding).
    public var background: RGBColor
    /// The title bar of the optional window frame.
    public var frameBackground: RGBColor
    /// The title text of the optional window frame.
    public var frameForeground: RGBColor
    /// All 256 indexed colours: the theme's 16, then the cube and the greys.
    public private(set) var palette: [RGBColor]

    /// A theme from its default colours and its 16 ANSI colours (0–7 normal, 8–15 bright).
    public init(
        name: String, foreground: RGBColor, background: RGBColor, ansi: [RGBColor],
        frameBackground: RGBColor, frameForeground: RGBColor
    ) {
        precondition(ansi.count == 16, "a theme has exactly 16 ANSI colours")
        self.name = name
        self.foreground = foreground
        self.background = background
        self.frameBackground = frameBackground
        self.frameForeground = frameForeground
        self.palette = ansi + Self.xtermExtendedColors
    }

    /// Indexed colours 16–255 as xterm computes them.
    public static let xtermExtendedColors: [RGBColor] = {
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        var colours: [RGBColor] = []
        for r in levels { for g in levels { for b in levels { colours.append(RGBColor(r, g, b)) } } }
        for i in 0..<24 {
            let level = UInt8(8 + 10 * i)
            colours.append(RGBColor(level, level, level))
        }
        return colours
    }()

    /// The colour of a cell's foreground or background.
    @inline(__always)
    public func resolve(_ color: TerminalColor, isForeground: Bool) -> RGBColor {
        switch color {
        case .default: return isForeground ? foreground : background
        case .indexed(let index): return palette[Int(index)]
        case .rgb(let r, let g, let b): return RGBColor(r, g, b)
        }
    }
}
