import VeilScreen

/// How hidden cells are replaced. Every style replaces the cells themselves (text and
/// colours) before anything is drawn, so the secret's glyphs never exist as pixels.
///
/// - `solid` (the default): each cell becomes a blank whose foreground and background are
///   both ``maskColor``; attributes, links and combining marks are cleared. The renderer
///   relies on such fg == bg blanks.
/// - `mask`: each cell shows one mask character (`•`) in ``maskColor``; a wide character
///   becomes two mask cells. Reveals the length.
/// - `placeholder`: a label such as `[REDACTED]` or the rule id, clipped to the span, on
///   ``maskColor``; with `normalizeLength` the cells past the label become plain blanks
///   so the masked box does not show the secret's length.
/// - `privacyCover`: the whole screen and the title are replaced (the app-switcher privacy
///   screen, QA1838), whatever was found.
public enum RedactionStyle: Hashable, Sendable {
    /// Mask-coloured blanks (foreground = background = ``maskColor``); the default.
    case solid
    /// One `character` per cell, in ``maskColor``.
    case mask(character: Unicode.Scalar)
    /// A label clipped to the span; with `normalizeLength`, blanks past the label.
    case placeholder(label: PlaceholderLabel, normalizeLength: Bool)
    /// The whole screen and the title replaced.
    case privacyCover

    /// The opaque colour of hidden cells (foreground = background for `solid`): a mid grey
    /// with about 4:1 contrast against the background of every built-in theme (dark, light
    /// and xterm; WCAG 2.x non-text contrast asks for 3:1), so a hidden field reads as
    /// redacted at a glance instead of looking empty.
    public static let maskColor: TerminalColor = .rgb(0x7C, 0x7C, 0x80)
    /// The colour of a placeholder's label text (5:1 against ``maskColor``).
    public static let placeholderTextColor: TerminalColor = .rgb(0x00, 0x00, 0x00)
    /// The default mask character.
    public static let defaultMaskCharacter: Unicode.Scalar = "•"
    /// `mask` with the default `•`.
    public static let defaultMask = RedactionStyle.mask(character: defaultMaskCharacter)
    /// `placeholder` with the default `[REDACTED]` label, length not normalized.
    public static let defaultPlaceholder = RedactionStyle.placeholder(
        label: .text("[REDACTED]"), normalizeLength: false)

    /// The style named in a rules file or on the command line: `solid`, `mask`,
    /// `placeholder` (defaults for their options), or nil for an unknown name.
    public init?(name: String) {
        if let style = StyleName(rawValue: name) {
            self = style.screenStyle
        } else if name == "privacyCover" || name == "privacy" {
            self = .privacyCover
        } else {
            return nil
        }
    }

    /// The names a rules file accepts for a rule's `style` (``StyleName``).
    public static let ruleStyleNames = StyleName.allCases.map(\.rawValue)

    /// The style's name (`solid`, `mask`, `placeholder`, `privacyCover`).
    public var name: String {
        switch self {
        case .solid: "solid"
        case .mask: "mask"
        case .placeholder: "placeholder"
        case .privacyCover: "privacyCover"
        }
    }
}

/// The text a `placeholder` style writes into a hidden span.
public enum PlaceholderLabel: Hashable, Sendable {
    /// A fixed label, e.g. `[REDACTED]`.
    case text(String)
    /// The id of the rule that found the span, in brackets: `[card.pan]`.
    case ruleID
}
