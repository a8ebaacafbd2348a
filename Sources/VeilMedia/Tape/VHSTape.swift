/// A VHS tape (`.tape`, charmbracelet/vhs): the commands that type into a terminal and
/// record it, read as VHS's own lexer reads them, each token with its line and column.
///
/// Strings are quoted with `"`, `'` or a backtick, hold no escapes and end at their quote or
/// at the end of the line; `#` starts a comment to the end of the line; `{` … `}` is a JSON
/// value (`Set Theme { … }`), which may span lines; `/` … `/` is a regular expression
/// (`Wait /\$ $/`); anything else is a word (commands, settings, keys, numbers, `Ctrl+C`).
///
/// ```swift
/// let tape = VHSTape(text: "Type \"export TOKEN=abc\"\nEnter\n")
/// tape.commands[0].name        // Type
/// tape.commands[0].strings[0]  // export TOKEN=abc, at 1:6
/// ```
public struct VHSTape: Sendable {
    /// One token.
    public struct Token: Sendable, Hashable {
        public enum Kind: Sendable, Hashable { case word, string, json, regex, comment, symbol }
        public var kind: Kind
        /// The text without its quotes, slashes or `#`.
        public var text: String
        /// The 1-based line and column (Unicode scalars) where the text itself starts (after
        /// an opening quote, slash or `#`).
        public var line: Int
        public var column: Int
    }

    /// A command and the tokens after it up to the next command.
    public struct Command: Sendable, Hashable {
        /// The command word (`Type`, `Env`, `Set`, `Enter`, `Ctrl`, …; a comment's is `#`).
        public var name: String
        /// The command word's token.
        public var token: Token
        /// The tokens that follow it.
        public var arguments: [Token]

        /// The string arguments.
        public var strings: [Token] { arguments.filter { $0.kind == .string } }
        /// The repeat count (`Backspace 5`), 1 without one.
        public var count: Int {
            arguments.first { $0.kind == .word }.flatMap { Int($0.text) } ?? 1
        }
    }

    /// Every command in order (comments are commands named `#` with the text as a string).
    public var commands: [Command]

    /// The words VHS knows as commands: a token that is one of them starts a new command.
    public static let commandNames: Set<String> = [
        "Backspace", "Delete", "Insert", "Ctrl", "Alt", "Shift", "Down", "Enter", "Escape", "Left", "PageUp",
        "PageDown", "ScrollUp", "ScrollDown", "Right", "Set", "Output", "Sleep", "Space", "Hide", "Require", "Show",
        "Tab", "Type", "Up", "Wait", "Source", "Screenshot", "Copy", "Paste", "Env", "Subtitle",
    ]

    /// Reads a tape.
    public init(text: String) {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        var column = 1
        func advance() {
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" {
                advance()
                continue
            }
            let startLine = line
            let startColumn = column
            var text = String.UnicodeScalarView()
            switch scalar {
            case "#", "\"", "'", "`", "/":
                // Up to the closing quote (a comment: the end of the line).
                let close: Unicode.Scalar = scalar == "#" ? "\n" : scalar
                advance()
                let (textLine, textColumn) = (line, column)
                while index < scalars.count, scalars[index] != close, scalars[index] != "\n", scalars[index] != "\r" {
                    text.append(scalars[index])
                    advance()
                }
                if index < scalars.count, scalars[index] == close, close != "\n" { advance() }
                let kind: Token.Kind =
                    switch scalar {
                    case "#": .comment
                    case "/": .regex
                    default: .string
                    }
                tokens.append(Token(kind: kind, text: String(text), line: textLine, column: textColumn))
            case "{":
                var depth = 0
                while index < scalars.count {
                    let next = scalars[index]
                    text.append(next)
                    advance()
                    if next == "{" { depth += 1 }
                    if next == "}" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                }
                tokens.append(Token(kind: .json, text: String(text), line: startLine, column: startColumn))
            default:
                if Self.isWordScalar(scalar) {
                    while index < scalars.count, Self.isWordScalar(scalars[index]) {
                        text.append(scalars[index])
                        advance()
                    }
                    tokens.append(Token(kind: .word, text: String(text), line: startLine, column: startColumn))
                } else {
                    text.append(scalar)
                    advance()
                    tokens.append(Token(kind: .symbol, text: String(text), line: startLine, column: startColumn))
                }
            }
        }
        var commands: [Command] = []
        for token in tokens {
            if token.kind == .comment {
                commands.append(Command(name: "#", token: token, arguments: [token]))
            } else if token.kind == .word, Self.commandNames.contains(token.text),
                commands.last?.arguments.last.map({ $0.kind == .symbol && $0.text == "+" }) != true
            {
                // A command word starts a command, unless it follows `+` (`Ctrl+Shift+Enter`).
                commands.append(Command(name: token.text, token: token, arguments: []))
            } else if !commands.isEmpty, commands[commands.count - 1].name != "#" {
                commands[commands.count - 1].arguments.append(token)
            } else {
                // Text before any command, or after a comment on the same statement.
                commands.append(Command(name: "", token: token, arguments: [token]))
            }
        }
        self.commands = commands
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-%/".unicodeScalars.contains(scalar)
    }
}
