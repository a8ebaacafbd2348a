import Foundation
import VeilRedaction
import VeilRender

/// `veil audit --review`: the findings a baseline does not cover yet, decided one at a time
/// (like `detect-secrets audit`), and the baseline they give.
///
/// The decisions are separate from the terminal: ``decide(_:at:)`` records one, ``prompt(for:index:)``
/// says what to show, and ``ReviewPrompt`` turns typed answers into decisions, so both can be
/// tested with scripted input. Only an accepted finding is written to the baseline (status
/// `accepted`, reason ``acceptedReason``); a real leak is left out so that the audit keeps
/// failing until the app hides it.
public struct BaselineReview: Sendable {
    /// What the reviewer said about one finding.
    public enum Decision: String, Sendable, Hashable, CaseIterable {
        /// Reviewed and acceptable as it is: added to the baseline.
        case accept
        /// A real leak: not added (the audit keeps failing on it).
        case realLeak
        /// Not decided now: not added, asked again next time.
        case skip
        /// Stop reviewing: the remaining findings are left as they are.
        case quit
    }

    /// One finding not in the baseline, with the detector finding the baseline records.
    public struct Item: Sendable {
        /// The finding as reported (masked).
        public let finding: AuditFinding
        let source: Finding
    }

    /// The findings to review, in report order.
    public let items: [Item]
    /// The baseline being built: the file's entries (or none) plus every accepted finding.
    public private(set) var baseline: Baseline
    /// The baseline file (as given with `--baseline`).
    public let path: String
    /// The decision about each item reviewed so far, by index.
    public private(set) var decisions: [Int: Decision] = [:]

    /// The reason written for entries accepted in a review.
    public static let acceptedReason = "reviewed: accepted with veil audit --review"

    init(items: [Item], baseline: Baseline, path: String) {
        self.items = items
        self.baseline = baseline
        self.path = path
    }

    /// Records `decision` about the item at `index`; an accepted finding joins the baseline.
    public mutating func decide(_ decision: Decision, at index: Int) {
        decisions[index] = decision
        guard decision == .accept, let snapshot = items[index].finding.snapshotID else { return }
        let item = items[index]
        baseline.record(
            item.source, snapshot: snapshot, status: .accepted, reason: Self.acceptedReason,
            hint: item.finding.baselineHint(title: item.source.location == .title))
    }

    /// How many items were given each decision.
    public func count(_ decision: Decision) -> Int { decisions.values.filter { $0 == decision }.count }

    /// What to show about the item at `index`: where it is, the rule, and the masked value with
    /// its place on the snapshot's screen (never the raw value).
    public func prompt(for index: Int) -> String {
        let finding = items[index].finding
        let severity = finding.severity.rawValue
        var lines = ["[\(index + 1)/\(items.count)] \(finding.location)  \(finding.ruleID)  (\(severity))"]
        lines.append("  " + finding.message)
        if let masked = finding.masked {
            let place = finding.spans.first.map { " at row \($0.row + 1), column \($0.col + 1)" } ?? ""
            lines.append("  value: \(masked.text)\(place) of snapshot \(finding.snapshotID ?? "-")")
        }
        lines.append("  (a) accept into the baseline  (l) a real leak  (s) skip  (q) quit")
        return lines.map(DisplayText.escaped).joined(separator: "\n")
    }

    /// Writes the baseline atomically as `policy` allows, `path` resolved against `currentFolder`.
    public func write(currentFolder: String, policy: OutputPolicy = .standard) throws {
        let resolved = path.hasPrefix("/") ? path : (currentFolder as NSString).appendingPathComponent(path)
        try AtomicFile.write(baseline.jsonData(), to: URL(fileURLWithPath: resolved), policy: policy)
    }
}

/// The question loop of a review over any line-based input and output (a terminal in
/// `veil audit --review`, scripted lines in tests).
public struct ReviewPrompt {
    /// Reads one answer line; nil at the end of input (taken as quit).
    public var readLine: () -> String?
    /// Writes text (already escaped) to the reviewer.
    public var write: (String) -> Void

    /// A prompt reading and writing through the given functions.
    public init(readLine: @escaping () -> String?, write: @escaping (String) -> Void) {
        self.readLine = readLine
        self.write = write
    }

    /// The decision an answer names (`a`/`accept`, `l`/`leak`, `s`/`skip`, `q`/`quit`, any case),
    /// or nil when it names none.
    public static func decision(_ answer: String) -> BaselineReview.Decision? {
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "a", "accept", "y", "yes": .accept
        case "l", "leak", "n", "no": .realLeak
        case "s", "skip", "": .skip
        case "q", "quit": .quit
        default: nil
        }
    }

    /// Asks about every item of `review` in turn until the reviewer quits or the input ends;
    /// an answer that names no decision is asked again.
    public func run(_ review: inout BaselineReview) {
        for index in review.items.indices {
            write(review.prompt(for: index) + "\n")
            var decision: BaselineReview.Decision?
            while decision == nil {
                write("> ")
                guard let line = readLine() else {
                    decision = .quit
                    break
                }
                decision = Self.decision(line)
                if decision == nil { write("Answer a, l, s or q.\n") }
            }
            if decision == .quit { return }
            review.decide(decision!, at: index)
        }
    }
}
