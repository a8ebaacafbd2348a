import Foundation
import VeilRender

/// Writing a report where `--output` says, and the one-line summary for standard error.
public enum AuditOutput {
    /// Writes `text` to `path`: atomically (temporary file, then rename) for a regular file or
    /// a new one, directly for anything else (`/dev/null`, `/dev/stdout`, a pipe).
    /// - Throws: the file system's error.
    ///
    /// A symbolic link at `path` inside `currentFolder` (the audited tree, which a pull
    /// request controls) is refused: it would redirect the report to wherever it points.
    /// Links elsewhere (`/dev/stdout`) are written through.
    public static func write(
        _ text: String, to path: String,
        currentFolder: String = FileManager.default.currentDirectoryPath
    ) throws {
        let data = Data(text.utf8)
        let absolute =
            ((path.hasPrefix("/") ? path : (currentFolder as NSString).appendingPathComponent(path))
            as NSString).standardizingPath
        if let link = try? FileManager.default.attributesOfItem(atPath: absolute)[.type] as? FileAttributeType,
            link == .typeSymbolicLink
        {
            let base = (currentFolder as NSString).standardizingPath
            if absolute.hasPrefix(base.hasSuffix("/") ? base : base + "/") {
                throw InputError(
                    path: path, message: "is a symbolic link in the audited tree; refusing to write through it")
            }
        }
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        if let type, type != .typeRegular {
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw InputError(path: path, message: "cannot open for writing")
            }
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            return
        }
        try AtomicFile.write(data, to: URL(fileURLWithPath: path), mode: 0o644)
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
