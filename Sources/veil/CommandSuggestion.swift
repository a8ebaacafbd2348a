import ArgumentParser
import VeilRedaction
import VeilYAML

/// "Did you mean …?" for a misspelt command (`veil scna`, `veil rules shwo`): ArgumentParser
/// only says that the word was unexpected, so the words are checked against the commands
/// first, down the tree of subcommands, as git and cargo do.
enum CommandSuggestion {
    /// The error for `arguments` (without the program's name) when a word where a command
    /// belongs names none but is within two edits of one (``KeySuggestion``); nil when the
    /// words name commands, or nothing is close (ArgumentParser's own message then applies).
    static func message(for arguments: [String], root: any ParsableCommand.Type = VeilCommand.self) -> String? {
        var command = root
        var path = [root._commandName]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            if let next = subcommands.first(where: {
                $0._commandName == word || $0.configuration.aliases.contains(word)
            }) {
                command = next
                path.append(word)
                continue
            }
            let names = subcommands.map { $0._commandName } + (path.count == 1 ? ["help"] : [])
            guard word != "help", let near = KeySuggestion.nearest(word, in: names) else { return nil }
            let parent = path.joined(separator: " ")
            return """
                Error: unknown command '\(DisplayText.escaped(word))'; did you mean '\(parent) \(near)'?
                  See '\(parent) --help' for the commands.
                """
        }
        return nil
    }
}
