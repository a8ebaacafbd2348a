import Foundation
import Synchronization
import VeilRedaction

/// The rules files an audit applied, noted by the auditor of each input (from any thread),
/// and what the engine makes of them: the report's ``AuditRulesFile`` list and a
/// ``AuditRule/rulesWeakened`` finding for each weakening setting of a rules file from the
/// audited tree that no pinned file vouches for (SECURITY.md, "Rules from the tree").
final class AuditRulesFiles: Sendable {
    private struct Entry {
        var source: AuditRulesFile.Source
        var inputs = 0
        /// The file's bytes as the audit read them (nil for the built-in rules and `--config`,
        /// or when they could not be read again: loading the rules reported that).
        var bytes: [UInt8]?
    }

    private let entries = Mutex<[String: Entry]>([:])

    init() {}

    /// Notes that the file at `path` (as reports show it) applied to one more input; `read`
    /// gives its bytes the first time.
    func note(path: String, source: AuditRulesFile.Source, read: () throws -> [UInt8]) {
        let shown = AuditLocation.normalize(path)
        let known = entries.withLock { entries -> Bool in
            if entries[shown] != nil {
                entries[shown]!.inputs += 1
                return true
            }
            return false
        }
        if known { return }
        let bytes = try? read()
        entries.withLock { entries in
            if entries[shown] == nil { entries[shown] = Entry(source: source, bytes: bytes) }
            entries[shown]!.inputs += 1
        }
    }

    /// Notes a ``RulesFileResolver`` source; a `.veil.yml` of the tree is read inside
    /// `currentFolder` as the resolver reads it.
    func note(_ source: RulesFileResolver.Source, currentFolder: String) {
        let (kind, path) = AuditRulesFile.Source.of(source)
        guard kind.isFromTree else { return note(path: path, source: kind) { [] } }
        note(path: path, source: kind) {
            try ConfinedRoot(path: currentFolder).readNamed(path, limit: RuleFileLimits.maximumFileBytes)
        }
    }

    /// The report's list and the weakening findings, given the contents of the pinned files.
    func judged(pins: [[UInt8]]) -> (files: [AuditRulesFile], findings: [PendingFinding]) {
        let all = entries.withLock { $0 }
        var files: [AuditRulesFile] = []
        var findings: [PendingFinding] = []
        for (path, entry) in all.sorted(by: { $0.key < $1.key }) {
            guard entry.source.isFromTree, let bytes = entry.bytes else {
                files.append(
                    AuditRulesFile(
                        path: path, source: entry.source, inputs: entry.inputs, pinned: entry.source == .config))
                continue
            }
            let pinned = pins.contains(bytes)
            let weakenings =
                (String(validating: bytes, as: UTF8.self)).flatMap { try? RulesWeakening.find(inYAML: $0, file: path) }
                ?? []
            files.append(
                AuditRulesFile(
                    path: path, source: entry.source, inputs: entry.inputs, pinned: pinned,
                    weakenings: weakenings.count))
            if pinned { continue }
            for weakening in weakenings { findings.append(Self.finding(weakening, path: path)) }
        }
        return (files, findings)
    }

    /// The finding of one weakening setting, at its line and column.
    static func finding(_ weakening: RulesWeakening, path: String) -> PendingFinding {
        let region = AuditRegion(
            line: max(1, weakening.position.line), column: max(1, weakening.position.column),
            length: weakening.setting.count)
        let message = """
            \(weakening.setting) \(weakening.effect); a rules file of the audited tree may not weaken \
            the audit unless the workflow pins one with the same content (--pinned-rules, --config, \
            or the Action's copy from the base branch)
            """
        let identity = [path, AuditRule.rulesWeakened.id, weakening.kind.rawValue, weakening.setting]
            .joined(separator: "\n")
        let finding = AuditFinding(
            ruleID: AuditRule.rulesWeakened.id, category: .configuration, severity: .block, message: message,
            location: AuditLocation(path: path, region: region), inputPath: path, snapshotID: nil,
            // No screen content: the public salt keeps it stable across runs, as for life-cycle findings.
            fingerprint: Fingerprint.compute(identity, salt: Fingerprint.defaultSalt))
        return PendingFinding(finding: finding, source: nil)
    }
}
