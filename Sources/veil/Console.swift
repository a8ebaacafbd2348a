import Foundation
import VeilRedaction

/// Veil's text on standard output and standard error. Every line goes through
/// ``DisplayText/logLine(_:)``: whatever an input's name or value, no line of it can be read
/// by a CI runner as a workflow command (`::error::…` after blanks, `##[…]` anywhere); the
/// one-line messages (warnings, notes, status) are escaped first (``DisplayText``), so a file
/// name or a recording's text cannot act on the terminal either. JSON and binary output (PNG,
/// recordings) do not go through it; their writers escape on their own.
enum Console {
    /// Writes `text` and `terminator` to standard output.
    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((DisplayText.logLines(text) + terminator).utf8))
    }

    /// Writes `text` and `terminator` to standard error.
    static func error(_ text: String, terminator: String = "\n") {
        FileHandle.standardError.write(Data((DisplayText.logLines(text) + terminator).utf8))
    }

    /// `veil: warning: …`: something unusual was read, or could not be judged.
    @Sendable static func warning(_ text: String) {
        line("veil: warning: " + text)
    }

    /// `veil: note: …`: something the reader may want to know.
    @Sendable static func note(_ text: String) {
        line("veil: note: " + text)
    }

    /// A status line as it is (`<stdout>: 3 hidden`), escaped.
    @Sendable static func status(_ text: String) {
        line(text)
    }

    private static func line(_ text: String) {
        FileHandle.standardError.write(Data((DisplayText.logLine(DisplayText.escaped(text)) + "\n").utf8))
    }
}
