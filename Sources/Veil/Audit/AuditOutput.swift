import Foundation
import VeilRender

/// Writing a report where `--output` says, and the one-line summary for standard error.
public enum AuditOutput {
    /// Writes `text` to `path` (relative to `currentFolder`) through the one writer
    /// (``AtomicFile``): a temporary file renamed over the target, as `policy` allows. By
    /// default `currentFolder` is an untrusted tree (the audited tree in CI, which a pull
    /// request controls): no symbolic link below it is followed, in a folder on the way or at
    /// the report's own name, and only a new file or a regular file is replaced. Outside the
    /// untrusted trees a FIFO or character device (`/dev/null`, `/dev/stdout`) is written into.
    /// - Throws: ``AtomicFileError``.
    public static func write(
        _ text: String, to path: String, policy: OutputPolicy? = nil,
        currentFolder: String = FileManager.default.currentDirectoryPath
    ) throws {
        let absolute =
            path.hasPrefix("/") ? path : (currentFolder.hasSuffix("/") ? currentFolder : currentFolder + "/") + path
        let policy = policy ?? .reading([], currentFolder: currentFolder)
        try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: absolute), policy: policy)
    }

    /// `veil audit: 12 inputs, 14 snapshots (11 clean); 2 blocking, 1 warning, 1 violation, 3 suppressed, 0 errors; 1 stale baseline entry; 0.42 s`.
    public static func summaryLine(_ report: AuditReport) -> String {
        let s = report.summary
        func count(_ n: Int, _ word: String, _ plural: String? = nil) -> String {
            "\(n) " + (n == 1 ? word : plural ?? word + "s")
        }
        var line =
            "veil audit: \(count(s.inputs, "input")), \(count(s.snapshots, "snapshot")) (\(s.cleanSnapshots) clean); "
        line += "\(s.blocking) blocking, \(count(s.warnings, "warning")), \(count(s.violations, "violation")), "
        line += "\(s.suppressed) suppressed, \(count(s.inputErrors + s.configurationErrors, "error"))"
        if s.staleBaselineEntries > 0 {
            line += "; \(count(s.staleBaselineEntries, "stale baseline entry", "stale baseline entries"))"
        }
        line += "; " + String(format: "%.2f s", s.durationSeconds)
        return line
    }
}
