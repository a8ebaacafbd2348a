import VeilScreen

extension Cell {
    /// The cell a hidden cell shows under the `solid` style (and the privacy cover): a blank
    /// whose foreground and background are ``RedactionStyle/maskColor``.
    @inlinable public static var hidden: Cell {
        Cell(scalar: " ", width: 1, foreground: RedactionStyle.maskColor, background: RedactionStyle.maskColor)
    }

    /// Whether the cell shows as a hidden one: a blank in the mask colour on the mask colour,
    /// as Veil draws a hidden cell (its attributes aside). Detection reads such cells as a value
    /// already hidden: a redacted screen, or a recording Veil redacted, is judged as its
    /// redaction left it (see ``RuleSet/detect(in:allowance:known:contextRows:)``).
    @inlinable public var looksHidden: Bool {
        guard scalar == " " else { return false }
        // The packed colours compared (no call to the colours' `==`: this runs on every cell
        // between a label and its value).
        let mask = RedactionStyle.maskColor.bits
        return foreground.bits == mask && background.bits == mask
    }
}
