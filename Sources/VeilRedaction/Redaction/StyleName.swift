/// A redaction style by name, as `--style` and a rules file's `style` write it: one list of
/// names for the cells of a screen (``RedactionStyle``) and for plain text
/// (``TextRedactionStyle``).
public enum StyleName: String, CaseIterable, Sendable {
    /// Opaque blanks on a screen; `█` per character in text.
    case solid
    /// `•` per cell or character.
    case mask
    /// `[REDACTED]` on a screen; `[REDACTED:rule-id]` in text.
    case placeholder

    /// The style of a screen's hidden cells (with its default options).
    public var screenStyle: RedactionStyle {
        switch self {
        case .solid: .solid
        case .mask: .defaultMask
        case .placeholder: .defaultPlaceholder
        }
    }

    /// The style of hidden text.
    public var textStyle: TextRedactionStyle {
        switch self {
        case .solid: .solid
        case .mask: .mask
        case .placeholder: .placeholder
        }
    }
}
