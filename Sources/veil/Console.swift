import Foundation
import VeilRedaction

/// What veil says on standard error besides its errors: one line each, every value in it
/// escaped (``DisplayText``), so a file name or a recording's text cannot act on the terminal
/// or start a line of CI output.
enum Console {
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
        FileHandle.standardError.write(Data((DisplayText.escaped(text) + "\n").utf8))
    }
}
