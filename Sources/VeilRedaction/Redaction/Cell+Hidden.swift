import VeilScreen

extension Cell {
    /// The cell a hidden cell shows under the `solid` style (and the privacy cover): a blank
    /// whose foreground and background are ``RedactionStyle/maskColor``.
    public static let hidden = Cell(
        scalar: " ", width: 1, foreground: RedactionStyle.maskColor, background: RedactionStyle.maskColor)

    /// Whether the cell shows as a hidden one: a blank in the mask colour on the mask colour,
    /// as Veil draws a hidden cell (its attributes aside). Detection reads such cells as a value
    /// already hidden: a redacted screen, or a recording Veil redacted, is judged as its
    /// redaction left it (see ``RuleSet/detect(in:allowance:known:contextRows:)``).
    @inlinable public var looksHidden: Bool {
        scalar == " " && foreground == RedactionStyle.maskColor && background == RedactionStyle.maskColor
    }
}
