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

    /// What redacting one screen decided, before anything is drawn: the one judgement that
    /// snapshots, captures, scenarios and recordings share.
    public struct Judgement: Sendable {
        /// The redacted screen.
        public var redacted: Screen
        /// The plan behind it.
        public var plan: RedactionPlan
        /// Hidden spans (cells and title), as the log's and the audit's `hidden` count them.
        public var hiddenSpans: Int { plan.hiddenSpanCount }
        /// Every finding of the redaction (app-marked, declared, detected).
        public var findings: [Finding]
        /// The findings the app left visible (``Finding/isVisible(on:)``); none under its cover.
        public var visibleFindings: [Finding]
    }

    /// Redacts `screen` with `rules` and `style` and judges what the app left visible.
    /// `coveredByApp` says the app showed its own opaque privacy cover, so nothing was visible.
    /// Regexes are charged to `allowance` (the input's regex budget; a fresh one when nil);
    /// `known` values (found in earlier frames) are hidden wherever they show.
    /// - Throws: ``Failure`` when redaction fails (fail closed).
    public static func judge(
        _ screen: Screen, rules: RuleSet, style: RedactionStyle = .solid,
        coveredByApp: Bool = false, allowance: RegexAllowance? = nil, known: KnownValues = KnownValues()
    ) throws -> Judgement {
        var redactor = Redactor(rules: rules, style: coveredByApp ? .privacyCover : style, allowance: allowance)
        redactor.known = known
        let result = redactor.redact(screen)
        if let failure = result.failure {
            throw Failure(description: "redaction failed, no snapshot written: \(failure)")
        }
        let visible = coveredByApp ? [] : result.findings.filter { $0.isVisible(on: screen) }
        return Judgement(
            redacted: result.screen, plan: result.plan, findings: result.findings,
            visibleFindings: visible)
    }

    /// Redacts and renders `screen`. `coveredByApp` says the app showed its own opaque privacy
    /// cover, so nothing on the screen was visible. `exposed`, when given, is the plan of the
    /// redaction of the capture that drew `screen` (``CaptureRedactor``): what it hides is
    /// hidden too, so a value the capture showed whole and then cut back, whose remains no
    /// detector finds on the final screen alone, is hidden as `veil redact` hides it. It only
    /// adds the cells (and title) the snapshot's own judgement left; everything that judgement
    /// hides (a row its regex budget left unscanned) stays hidden.
    /// - Throws: ``Failure`` when redaction or rendering fails (never a partly redacted image).
    public func snapshot(
        of screen: Screen, coveredByApp: Bool = false, alsoHiding exposed: RedactionPlan? = nil
    ) throws -> Outcome {
        var judgement = try Self.judge(
            screen, rules: settings.rules, style: settings.style, coveredByApp: coveredByApp,
            allowance: regexAllowance)
        if let exposed, let plan = Self.plan(judgement.plan, adding: exposed, on: screen) {
            do {
                judgement.redacted = try Redactor(rules: settings.rules, style: settings.style).apply(plan, to: screen)
            } catch {
                throw Failure(description: "redaction failed, no snapshot written: \(error)")
            }
            judgement.plan = plan
        }
        let exposures = judgement.visibleFindings.compactMap { finding -> Exposure? in
            guard finding.severity == .block else { return nil }
            return Exposure(
                ruleID: finding.ruleID, category: finding.category, spans: finding.spans,
                location: finding.location, masked: finding.masked, fingerprint: finding.fingerprint)
        }
        let png: [UInt8]
        do {
            png = try renderer.png(for: judgement.redacted)
        } catch {
            throw Failure(description: "rendering failed, no snapshot written: \(error)")
        }
        return Outcome(
            redacted: judgement.redacted, hiddenSpans: judgement.hiddenSpans, findings: judgement.findings,
            exposures: exposures, png: png)
    }

    /// `plan` with the cells of `extra` that it leaves shown (each run of them one more
    /// entry, in its own style) and `extra`'s title entries when `plan` has none; nil when
    /// `extra` adds nothing (or does not fit `screen`).
    static func plan(_ plan: RedactionPlan, adding extra: RedactionPlan, on screen: Screen) -> RedactionPlan? {
        guard !plan.coversEverything, extra.cols == screen.cols, extra.rows == screen.rows,
            plan.cols == screen.cols, plan.rows == screen.rows
        else { return nil }
        var merged = plan
        var covered = Array(repeating: false, count: screen.cols * screen.rows)
        for entry in plan.entries where entry.row >= 0 && entry.row < screen.rows {
            for col in max(0, entry.col)..<min(screen.cols, entry.col + entry.width) {
                covered[entry.row * screen.cols + col] = true
            }
        }
        for entry in extra.entries where entry.row >= 0 && entry.row < screen.rows {
            var col = max(0, entry.col)
            let end = min(screen.cols, entry.col + entry.width)
            while col < end {
                guard !covered[entry.row * screen.cols + col] else {
                    col += 1
                    continue
                }
                var stop = col + 1
                while stop < end && !covered[entry.row * screen.cols + stop] { stop += 1 }
                var part = entry
                part.col = col
                part.width = stop - col
                merged.entries.append(part)
                col = stop
            }
        }
        if merged.titleEntries.isEmpty { merged.titleEntries = extra.titleEntries }
        return merged.entries.count == plan.entries.count && merged.titleEntries.count == plan.titleEntries.count
            ? nil : merged
    }

    /// The PNG of a screen that was already redacted (a frame of ``CaptureRedactor``): drawn
    /// as it is, nothing hidden again.
    /// - Throws: ``Failure`` when rendering fails.
    public func png(ofRedacted screen: Screen) throws -> [UInt8] {
        do {
            return try renderer.png(for: screen)
        } catch {
            throw Failure(description: "rendering failed, no snapshot written: \(error)")
        }
    }

    /// Writes an outcome's PNG through the one writer (``AtomicFile``), as `policy` allows.
    public func write(_ outcome: Outcome, to url: URL, policy: OutputPolicy = .standard) throws {
        try AtomicFile.write(outcome.png, to: url, policy: policy)
    }
}
