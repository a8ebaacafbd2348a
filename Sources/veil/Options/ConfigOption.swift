import ArgumentParser
import Veil
import VeilRedaction

/// `--config FILE`, shared by every command that applies rules; which file applies when it
/// is not given is ``RulesFileResolver``'s rule, the same for every command.
struct ConfigOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Rules file (default: the nearest .veil.yml from the input's folder up to the current folder, else the built-in rules).",
            valueName: "file"), completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    /// The resolver for this run (relative paths from the current folder).
    func resolver() -> RulesFileResolver { .confined(configPath: config) }
}
