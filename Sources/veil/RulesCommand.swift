import ArgumentParser
import Foundation
import Veil
import VeilRedaction
import VeilYAML

/// `veil rules`: list, show and lint the rules in effect.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List, show or lint the redaction rules.",
        discussion:
            "Exit codes: 0 ok; 1 `lint` found an example that misbehaves; 2 an invalid rules file or an unknown rule.",
        subcommands: [List.self, Show.self, Lint.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every rule and region with its category and severity."
        )

        @OptionGroup var options: ConfigOption

        @OptionGroup var verbosity: VerboseOption

        func run() throws {
            Console.out(try options.rules(verbose: verbosity.verbose).catalog(), terminator: "")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one rule in full, with its examples."
        )

        @Argument(help: "The id of a rule or region, as 'veil rules list' shows it, e.g. card.pan.")
        var id: String

        @OptionGroup var options: ConfigOption

        @OptionGroup var verbosity: VerboseOption

        func run() throws {
            let rules = try options.rules(verbose: verbosity.verbose)
            if let rule = rules.rule(withID: id) {
                Console.out(rule.details(), terminator: "")
            } else if let region = rules.regions.first(where: { $0.id == id }) {
                Console.out(region.details(), terminator: "")
            } else {
                let known = rules.rules.map(\.id) + rules.regions.map(\.id)
                throw UnknownRule(id: id, origin: rules.origin, suggestion: KeySuggestion.nearest(id, in: known))
            }
        }
    }

    /// `rules show` of an id that is not there (exit 2, without the usage text), with the
    /// nearest id when one is close.
    struct UnknownRule: Error, CustomStringConvertible {
        var id: String
        var origin: String
        var suggestion: String?
        var description: String {
            "no rule '\(id)' in \(origin)"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? " (see 'veil rules list')")
        }
    }

    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: "Check every rule's examples and negative examples.",
            discussion: "Exit codes: 0 all pass, 1 an example misbehaves, 2 the rules file is invalid."
        )

        @OptionGroup var options: ConfigOption

        @OptionGroup var verbosity: VerboseOption

        func run() throws {
            let rules = try options.rules(verbose: verbosity.verbose)
            let failures = rules.lint()
            for failure in failures { Console.out(DisplayText.escaped("\(failure)")) }
            let examples = rules.rules.reduce(0) { $0 + $1.examples.count + $1.negativeExamples.count }
            let counts = "\(plural(rules.rules.count, "rule")), \(plural(examples, "example"))"
            if failures.isEmpty {
                print("\(counts) in \(ExampleVariant.allCases.count) variants: all pass")
            } else {
                print("\(plural(failures.count, "failure")) in \(counts)")
                throw ExitCode(1)
            }
        }

        private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    }
}
