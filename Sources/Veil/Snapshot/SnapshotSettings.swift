import Foundation
import VeilRedaction
import VeilRender

/// How snapshots are made: the rules that decide what is hidden, the redaction style, and
/// how the redacted screen is drawn.
public struct SnapshotSettings: Sendable {
    /// What is sensitive.
    public var rules: RuleSet
    /// How hidden cells look (`solid` by default).
    public var style: RedactionStyle
    /// The colour theme of the PNG.
    public var theme: Theme
    /// Pixel scale, 1…3.
    public var scale: Int

    public init(rules: RuleSet, style: RedactionStyle = .solid, theme: Theme = .dark, scale: Int = 1) {
        self.rules = rules
        self.style = style
        self.theme = theme
        self.scale = scale
    }
}
