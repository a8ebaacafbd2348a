import Foundation

/// A one-line progress display on standard error, redrawn in place (terminals only).
enum ProgressLine {
    /// Draws `step N/M  t=S s`; ends the line after the last step.
    @Sendable static func draw(step: Int, of count: Int, elapsed: Duration) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var line = String(format: "\r\u{1B}[2Kstep %d/%d  t=%.1fs", step, count, seconds)
        if step == count { line += "\n" }
        FileHandle.standardError.write(Data(line.utf8))
    }
}
