import ArgumentParser
import Veil
import VeilRedaction
import VeilRender

/// `--scale`: the PNG's pixels per font pixel.
enum ScaleOption: Int, ExpressibleByArgument, CaseIterable {
    case one = 1, two, three
}

/// `--theme`: a built-in theme by name; the help lists ``Theme/builtIn``.
struct ThemeOption: ExpressibleByArgument {
    var theme: Theme

    init(_ theme: Theme) {
        self.theme = theme
    }

    init?(argument: String) {
        guard let theme = Theme.named(argument) else { return nil }
        self.theme = theme
    }

    static var allValueStrings: [String] { Theme.builtIn.map(\.name) }
    var defaultValueDescription: String { theme.name }
}

/// `--style`, `--scale` and `--theme`, shared by the commands that make snapshots.
struct SnapshotOptions: ParsableArguments {
    @Option(help: "How hidden cells look.")
    var style: StyleName = .solid

    @Option(help: "Pixel scale of the PNG.")
    var scale: ScaleOption = .one

    @Option(help: "Colour theme.")
    var theme = ThemeOption(.dark)

    /// The settings these options describe, with `rules` (see ``ConfigOption``).
    func settings(rules ruleSet: RuleSet) -> SnapshotSettings {
        SnapshotSettings(rules: ruleSet, style: style.screenStyle, theme: theme.theme, scale: scale.rawValue)
    }
}
