import ArgumentParser
import Foundation
import Veil
import VeilRedaction

extension TextRedactionStyle: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { ["mask", "placeholder", "solid"] }
}

/// `veil redact-text INPUT`: the plain text in INPUT with every finding replaced.
struct RedactTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redact-text",
        abstract: "Write the plain text in INPUT (a file, or - for standard input) with every finding replaced.",
        discussion: """
            Streams line by line in bounded memory (kubectl logs … | veil redact-text -). A line longer than 4 MiB \
            is refused (exit 2). With -o the output file is written atomically and only when the whole input was read.
            """
    )

    @Argument(help: "A text file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(
        help:
            "How findings are replaced: mask (• per character), placeholder ([REDACTED:rule-id]) or solid (█ per character)."
    )
    var style: TextRedactionStyle = .mask

    @Option(help: "Rules file (default: .veil.yml in the current folder if present, else the built-in rules).")
    var config: String?

    func run() throws {
        let rules = try RuleSet.resolve(configPath: config)
        try TextFileRedaction.redact(inputPath: input, outputPath: output, rules: rules, style: style)
    }
}
