import Foundation
import VeilRedaction

/// Veil's text on standard output and standard error, every line through
/// ``DisplayText/logLine(_:)``: whatever an input's name or value, no line of it can be read
/// by a CI runner as a workflow command (`::error::…` after blanks, `##[…]` anywhere). JSON
/// and binary output (PNG, recordings) do not go through it; their writers escape on their own.
enum Console {
    /// Writes `text` and `terminator` to standard output.
    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((DisplayText.logLines(text) + terminator).utf8))
    }

    /// Writes `text` and `terminator` to standard error.
    static func error(_ text: String, terminator: String = "\n") {
        FileHandle.standardError.write(Data((DisplayText.logLines(text) + terminator).utf8))
    }
}
