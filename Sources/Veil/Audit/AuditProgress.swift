import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar for a terminal: `[#####-----] 12/40 inputs`.
///
/// Each ``update(completed:total:)`` rewrites the line in place (`\r` … `ESC[K`) through
/// `sink`; ``finish()`` clears it so the report starts on a clean line. When `isEnabled` is
/// false (output is not a TTY, or in CI) it writes nothing.
public struct AuditProgress: Sendable {
    /// Whether anything is written.
    public let isEnabled: Bool
    /// Cells between the brackets.
    public let barWidth: Int
    /// What is counted, e.g. `inputs`.
    public let unit: String
    private let sink: @Sendable (String) -> Void

    /// - Parameters:
    ///   - isEnabled: true only when writing to a TTY.
    ///   - sink: receives the text to write, e.g. to standard error.
    public init(
        isEnabled: Bool, barWidth: Int = 20, unit: String = "inputs", sink: @escaping @Sendable (String) -> Void
    ) {
        self.isEnabled = isEnabled
        self.barWidth = max(1, barWidth)
        self.unit = unit
        self.sink = sink
    }

    /// A progress bar on standard error, enabled only when standard error is a terminal and
    /// `CI` is not set.
    public static func standardError(
        unit: String = "inputs", environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> AuditProgress {
        let enabled = isatty(STDERR_FILENO) == 1 && environment["CI"] == nil
        return AuditProgress(isEnabled: enabled, unit: unit) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// `[#####-----] 12/40 inputs`: the bar for `completed` of `total` (clamped), rounded down.
    public func line(completed: Int, total: Int) -> String {
        let total = max(0, total)
        let completed = min(max(0, completed), total)
        let filled = total == 0 ? barWidth : completed * barWidth / total
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
            + "] \(completed)/\(total) \(unit)"
    }

    /// Redraws the line.
    public func update(completed: Int, total: Int) {
        guard isEnabled else { return }
        sink("\r" + line(completed: completed, total: total) + "\u{1B}[K")
    }

    /// Clears the line.
    public func finish() {
        guard isEnabled else { return }
        sink("\r\u{1B}[K")
    }
}
