/// A text a tape holds, with the place in the tape of each of its bytes.
public struct TapeText: Sendable, Hashable {
    /// What it is: `typed line`, `Env GITHUB_TOKEN`, `Set Shell`, `Copy`, `comment`.
    public var label: String
    /// The text (an `Env` or `Set` as `NAME=value`, so its name is the value's context).
    public var text: String
    /// For each UTF-8 byte of ``text``, its 1-based line and column in the tape.
    public var lines: [Int]
    public var columns: [Int]

    /// The line and column of byte `offset` of the text (the last byte's for one past it).
    public func place(ofByte offset: Int) -> (line: Int, column: Int) {
        guard !lines.isEmpty else { return (1, 1) }
        let index = min(max(0, offset), lines.count - 1)
        return (lines[index], columns[index])
    }

    init(label: String) {
        self.label = label
        text = ""
        lines = []
        columns = []
    }

    /// Appends `scalars`, each at its own column from `column` on `line` (nil: no place of
    /// its own, the place of the byte before).
    mutating func append(_ scalars: some Sequence<Unicode.Scalar>, line: Int?, column: Int?) {
        var column = column
        for scalar in scalars {
            let place = line.map { ($0, column ?? 1) } ?? (lines.last ?? 1, columns.last ?? 1)
            for _ in 0..<UTF8.width(scalar) {
                lines.append(place.0)
                columns.append(place.1)
            }
            text.unicodeScalars.append(scalar)
            column = column.map { $0 + 1 }
        }
    }

    mutating func removeLastScalar() {
        guard let last = text.unicodeScalars.last else { return }
        text.unicodeScalars.removeLast()
        lines.removeLast(UTF8.width(last))
        columns.removeLast(UTF8.width(last))
    }
}

extension VHSTape {
    /// Everything the tape holds as text: the lines it types (its `Type` strings in order,
    /// `Space`, `Backspace`, `Ctrl+U`/`Ctrl+C`/`Ctrl+W` and `Paste` applied, each line ended
    /// by `Enter`), and every other string: `Env` and `Set` values (as `NAME=value`), `Copy`
    /// and `Subtitle` texts, `Output`, `Screenshot`, `Source` and `Require` arguments, `Wait`
    /// patterns, JSON values and comments.
    public var texts: [TapeText] {
        var texts: [TapeText] = []
        var typed = TapeText(label: "typed line")
        var keys = TapeText(label: "typed keys")
        var clipboard: [Unicode.Scalar] = []
        func endLine() {
            if !typed.text.isEmpty { texts.append(typed) }
            if keys.text != typed.text && !keys.text.isEmpty { texts.append(keys) }
            typed = TapeText(label: "typed line")
            keys = TapeText(label: "typed keys")
        }
        func type(_ scalars: [Unicode.Scalar], line: Int?, column: Int?) {
            typed.append(scalars, line: line, column: column)
            keys.append(scalars, line: line, column: column)
        }
        for command in commands {
            switch command.name {
            case "Type":
                for (index, string) in command.strings.enumerated() {
                    if index > 0 { type([" "], line: nil, column: nil) }  // VHS joins strings with a space
                    type(Array(string.text.unicodeScalars), line: string.line, column: string.column)
                }
            case "Space":
                type(
                    Array(repeating: " ", count: command.count), line: command.token.line, column: command.token.column)
            case "Backspace":
                for _ in 0..<command.count { typed.removeLastScalar() }
            case "Enter":
                endLine()
            case "Ctrl":
                let key = command.arguments.last { $0.kind == .word }?.text.uppercased()
                if key == "C" || key == "U" {
                    typed = TapeText(label: "typed line")
                } else if key == "W" {
                    while typed.text.unicodeScalars.last == " " { typed.removeLastScalar() }
                    while let last = typed.text.unicodeScalars.last, last != " " { typed.removeLastScalar() }
                }
            case "Paste":
                type(clipboard, line: nil, column: nil)
            case "Copy":
                let strings = command.strings
                clipboard = Array(strings.map(\.text).joined(separator: " ").unicodeScalars)
                texts += strings.map { Self.text("Copy", $0) }
            case "Env", "Set":
                // NAME "value" (Set's value may be a word, a string or JSON).
                guard let name = command.arguments.first(where: { $0.kind == .word }) else { break }
                for value in command.arguments where value.kind == .string || value.kind == .json {
                    var text = TapeText(label: "\(command.name) \(name.text)")
                    text.append(name.text.unicodeScalars, line: name.line, column: name.column)
                    text.append(["="], line: nil, column: nil)
                    text.append(value.text.unicodeScalars, line: value.line, column: value.column)
                    texts.append(text)
                }
            case "#":
                texts.append(Self.text("comment", command.token))
            default:
                let label = command.name.isEmpty ? "text" : command.name
                for argument in command.arguments where [.string, .json, .regex].contains(argument.kind) {
                    texts.append(Self.text(label, argument))
                }
            }
        }
        endLine()
        return texts
    }

    static func text(_ label: String, _ token: Token) -> TapeText {
        var text = TapeText(label: label)
        // A JSON value can span lines: each scalar at its own place.
        var line = token.line
        var column = token.column
        for scalar in token.text.unicodeScalars {
            text.append([scalar], line: line, column: column)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return text
    }
}
