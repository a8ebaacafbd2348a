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

    /// The rules to use: `configPath` when given; else `.veil.yml` in `folder` (the current
    /// folder when nil); else the built-in rules. Files in `folder` are read inside it
    /// (``RulesLookup``): a `.veil.yml` that is a link out of it, a FIFO or a device is refused.
    /// - Throws: the rules file's error, naming file:line:column, or an ``InputError``.
    public static func rules(configPath: String?, besides folder: URL? = nil) throws -> RuleSet {
        let root = ConfinedRoot(path: folder?.path ?? FileManager.default.currentDirectoryPath)
        if let configPath { return try RulesLookup.named(configPath, root: root) }
        let shown = folder.map { $0.appendingPathComponent(RuleSet.defaultFileName).relativePath }
            ?? RuleSet.defaultFileName
        return try RulesLookup.defaultFile(in: [], root: root, shown: shown) ?? RuleSet.builtIn
    }
}
