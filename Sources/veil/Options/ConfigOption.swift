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

    /// The rules for the input at `input` (`-` or nil: standard input, or no input), saying
    /// which file applied (``AuditRulesFile/appliedLine``) when `verbose`, and noting a
    /// `.veil.yml` above the input that was not applied because it lies outside the current
    /// folder (always: the user expected it to apply).
    func rules(forInputAt input: String? = nil, verbose: Bool) throws -> RuleSet {
        let resolver = resolver()
        Self.say(resolver.source(forInputAt: input), unapplied: resolver.unappliedFile(forInputAt: input), verbose)
        return try resolver.rules(forInputAt: input)
    }

    /// The rules for `scenario` (`--config`, its own `rules:`, else the nearest `.veil.yml`),
    /// saying which file applied as ``rules(forInputAt:verbose:)`` does.
    func rules(for scenario: Scenario, verbose: Bool) throws -> RuleSet {
        let resolver = resolver()
        let source = scenario.rulesSource(from: resolver)
        var unapplied: String?
        if case .scenario = source {} else { unapplied = resolver.unappliedFile(forInputAt: scenario.path) }
        Self.say(source, unapplied: unapplied, verbose)
        return try scenario.rules(from: resolver)
    }

    private static func say(_ source: RulesFileResolver.Source, unapplied: String?, _ verbose: Bool) {
        if verbose { Console.status("veil: " + AuditRulesFile(applied: source).appliedLine) }
        if let unapplied { Console.note(AuditRulesFile.unappliedNote(unapplied)) }
    }
}
