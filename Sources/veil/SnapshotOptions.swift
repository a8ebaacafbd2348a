import ArgumentParser
import Foundation
import Veil
import VeilRedaction
import VeilRender

/// The redaction style names accepted by `--style`.
enum StyleOption: String, ExpressibleByArgument, CaseIterable {
    case solid, mask, placeholder
}

/// `--config`, `--style`, `--scale` and `--theme`, shared by the commands that make snapshots.
struct SnapshotOptions: ParsableArguments {
    @Option(help: "Rules file (default: .veil.yml in the current folder if present, else the built-in rules).")
    var config: String?

    @Option(help: "How hidden cells look.")
    var style: StyleOption = .solid

    @Option(help: "Pixel scale of the PNG (1, 2 or 3).")
    var scale: Int = 1

    @Option(help: "Colour theme: \(Theme.builtIn.map(\.name).joined(separator: ", ")).")
    var theme: String = "dark"

    func validate() throws {
        guard (1...3).contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3 (got \(scale))") }
        guard Theme.named(theme) != nil else {
            throw ValidationError("--theme must be one of \(Theme.builtIn.map(\.name).joined(separator: ", ")) (got \(theme))")
        }
    }

    /// The settings these options describe; `rules` overrides the rules lookup (e.g. a scenario's own).
    func settings(rules: RuleSet? = nil, besides folder: URL? = nil) throws -> SnapshotSettings {
        let ruleSet = try rules ?? SnapshotSettings.rules(configPath: config, besides: folder)
        let redaction: RedactionStyle
        switch style {
        case .solid: redaction = .solid
        case .mask: redaction = .defaultMask
        case .placeholder: redaction = .defaultPlaceholder
        }
        return SnapshotSettings(rules: ruleSet, style: redaction, theme: Theme.named(theme) ?? .dark, scale: scale)
    }
}
