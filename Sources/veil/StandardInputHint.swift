/// What a usage error adds when output was piped in but no input was named (`… | veil scan`):
/// ArgumentParser says only that `<input>` is missing, and `-` is how standard input is read.
enum StandardInputHint {
    /// The words ArgumentParser's message starts with when the input argument is missing.
    static let missingInput = "Error: Missing expected argument '<input>'"
    /// The hint, as the first line of the message ends with it.
    static let hint = "; to read standard input, give - as the input"

    /// `message` with the hint at the end of its first line when standard input is not a
    /// terminal and the message says that `<input>` is missing (ArgumentParser's, or a
    /// command's own such as snap's `(or -- COMMAND)`); otherwise `message` unchanged.
    static func adding(to message: String, standardInputIsTerminal: Bool) -> String {
        guard !standardInputIsTerminal, message.hasPrefix(missingInput) else {
            return message
        }
        let lines = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return String(lines[0]) + hint + (lines.count > 1 ? "\n" + lines[1] : "")
    }
}
