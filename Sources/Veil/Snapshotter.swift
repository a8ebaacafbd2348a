import Foundation
import VeilRedaction
import VeilRender
import VeilScreen

/// Makes one app-switcher snapshot: redacts the captured screen (app marks, declared
/// regions, detectors), judges what the app itself left visible, renders, and writes the
/// PNG atomically. Nothing is written when anything fails (fail closed).
public struct Snapshotter: Sendable {
    /// A block finding the app did not hide itself (Veil's redaction still hides it).
    public struct Exposure: Sendable, Hashable {
        public var ruleID: String
        public var category: RuleCategory
        public var spans: [CellSpan]
        /// Grid or window title (for the title, `spans` count the title's characters).
        public var location: Finding.Location = .screen
        /// The value with every character masked (never the secret).
        public var masked: String
        /// The fingerprint of the whole match under the public ``Fingerprint/defaultSalt``
        /// (``Finding/fingerprint``): an in-memory identity only. No log, report or file
        /// prints it (`veil run` logs the masked value); anything written out must be keyed
        /// with a secret salt instead, as `veil audit` does.
        public var fingerprint: String
    }

    /// What a snapshot produced.
    public struct Outcome: Sendable {
        /// The redacted screen that was drawn.
        public var redacted: Screen
        /// Hidden spans (cells and title), as the log's `hidden` counts them.
        public var hiddenSpans: Int
        /// Every finding of the redaction (app-marked, declared, detected).
        public var findings: [Finding]
        /// Block findings visible in what the app showed (its own marks and cover subtracted).
        public var exposures: [Exposure]
        /// The PNG bytes.
        public var png: [UInt8]
    }

    /// Errors that stop a snapshot; no file is written.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public let settings: SnapshotSettings
    private let renderer: SnapshotRenderer
    /// The regex budget of the one input (a scenario run) this snapshotter serves: every
    /// snapshot it takes draws from it, so 100,000 snapshots cannot take 100,000 budgets.
    public let regexAllowance = RegexAllowance()

    /// - Throws: when the bundled font cannot be loaded or the scale is not 1…3.
    public init(settings: SnapshotSettings) throws {
        guard RenderOptions.scales.contains(settings.scale) else {
            throw Failure(description: "scale must be 1…3, got \(settings.scale)")
        }
        self.settings = settings
        self.renderer = try SnapshotRenderer(theme: settings.theme, options: RenderOptions(scale: settings.scale))
    }

    /// Redacts and renders `screen`. `coveredByApp` says the app showed its own opaque privacy
    /// cover, so nothing on the screen was visible.
    /// - Throws: ``Failure`` when redaction or rendering fails (never a partly redacted image).
    public func snapshot(of screen: Screen, coveredByApp: Bool = false) throws -> Outcome {
        let redactor = Redactor(rules: settings.rules, style: coveredByApp ? .privacyCover : settings.style,
                                allowance: regexAllowance)
        let result = redactor.redact(screen)
        if let failure = result.failure {
            throw Failure(description: "redaction failed, no snapshot written: \(failure)")
        }
        let exposures = coveredByApp ? [] : result.findings.compactMap { finding -> Exposure? in
            guard finding.severity == .block else { return nil }
            if case .appMarked = finding.source { return nil }
            // Cells the app marked itself count as hidden by the app.
            let visible = finding.spans.contains { span in
                (span.col..<(span.col + span.width)).contains { col in
                    span.row < screen.rows && col < screen.cols && !screen[span.row, col].isSensitive
                }
            }
            guard visible || finding.location == .title else { return nil }
            return Exposure(ruleID: finding.ruleID, category: finding.category, spans: finding.spans,
                            location: finding.location, masked: finding.masked, fingerprint: finding.fingerprint)
        }
        let png: [UInt8]
        do {
            png = try renderer.png(for: result.screen)
        } catch {
            throw Failure(description: "rendering failed, no snapshot written: \(error)")
        }
        // A span hidden by several findings (an app mark and a detector on the same cells) is one span.
        func distinct(_ entries: [RedactionPlan.Entry]) -> Int {
            Set(entries.map { [$0.row, $0.col, $0.width] }).count
        }
        let hidden = result.plan.coversEverything ? 1 : distinct(result.plan.entries) + distinct(result.plan.titleEntries)
        return Outcome(redacted: result.screen, hiddenSpans: hidden, findings: result.findings,
                       exposures: exposures, png: png)
    }

    /// Writes an outcome's PNG atomically (mode 0600).
    public func write(_ outcome: Outcome, to url: URL) throws {
        try AtomicFile.write(outcome.png, to: url)
    }
}
