/// A cell's foreground or background colour as the terminal program set it.
///
/// Colours stay symbolic (palette index or RGB) so that a renderer's theme decides the
/// final pixel values; `default` is the theme's default foreground or background.
public enum TerminalColor: Hashable, Sendable {
    /// The default colour (SGR 39 / 49).
    case `default`
    /// A palette colour: 0–7 normal, 8–15 bright, 16–231 the 6×6×6 cube, 232–255 greys.
    case indexed(UInt8)
    /// A direct colour (SGR 38;2;r;g;b).
    case rgb(UInt8, UInt8, UInt8)
}
