/// A region of the screen that a rules file declares sensitive (layer 2), whatever its
/// text: a fixed rectangle, or the value right of a label.
public struct DeclaredRegion: Hashable, Sendable {
    /// Where the region is.
    public enum Anchor: Hashable, Sendable {
        /// A rectangle of cells (0-based); the part outside a smaller screen is ignored.
        case rectangle(row: Int, col: Int, width: Int, height: Int)
        /// The value right of every occurrence of `label` (`Password:`, `密码：`; ASCII
        /// letters compared case-insensitively): from the first non-blank cell after the
        /// label, `width` cells, or (nil) up to two blanks in a row or the end of the line.
        case label(String, width: Int?)
    }

    /// The id findings carry (`rule` in reports).
    public var id: String
    /// Where the region is.
    public var anchor: Anchor
    /// What the region holds.
    public var description: String
    /// Secret or personal data (default secret).
    public var category: RuleCategory
    /// Block (default) or warn.
    public var severity: Severity
    /// A style instead of the redactor's.
    public var style: RedactionStyle?

    /// Creates a region.
    public init(
        id: String, anchor: Anchor, description: String = "", category: RuleCategory = .secret,
        severity: Severity = .block, style: RedactionStyle? = nil
    ) {
        self.id = id
        self.anchor = anchor
        self.description = description
        self.category = category
        self.severity = severity
        self.style = style
    }
}
