import VeilRedaction
import VeilScreen

/// One distinct (rule, value) that was on screen at some moment of a capture.
public struct CaptureExposure: Sendable {
    /// The finding as first judged (its spans count from the first row of the judged lines;
    /// see ``spans``).
    public var finding: Finding
    /// The screen cells it covered when first seen (title findings: the title's characters).
    public var spans: [CellSpan]
    /// When it first showed, in seconds (recordings only).
    public var firstTime: Double?
    /// The index of the event after which it first showed (recordings only, 0-based).
    public var firstEvent: Int?
    /// The output-stream offset of the first byte that drew it, when known.
    public var firstOffset: Int?
    /// A recording's file line of the output event that carried that byte (or of the
    /// event after which it first showed); nil for raw bytes.
    public var firstLine: Int?
    /// The last moment it was on screen, in seconds (recordings only).
    public var lastSeen: Double?
    /// Whether it is on the final screen.
    public var stillVisible: Bool
    /// The judged lines it was first found on (``finding``'s spans count on them).
    public var lines: Screen
    /// How long it stayed on screen, in seconds (recordings only): from its first frame to
    /// the last moment it was seen (the recording's end when it is still visible).
    public var visibleSeconds: Double? {
        guard let firstTime, let lastSeen else { return nil }
        return max(0, lastSeen - firstTime)
    }
}

extension CaptureExposure {
    /// Where the bytes that first drew it are in `input`'s file: raw bytes, the line and
    /// column of its first byte (spanning `length` columns); a recording, the line of the
    /// event that carried that byte; the file's start when unknown.
    public func region(in input: CaptureInput, length: Int = 0) -> AuditRegion {
        if let firstLine { return AuditRegion(line: max(1, firstLine), column: 1) }
        if let offset = firstOffset, let region = input.region(ofOffset: offset, length: length) { return region }
        return .fileStart
    }
}

/// Everything a capture exposed, and what redacting it needs.
public struct CaptureExposureReport: Sendable {
    /// Every distinct (rule, value) exposed, in the order first seen.
    public var exposures: [CaptureExposure]
    /// The output-stream offsets of every byte that drew an exposed value (all its copies
    /// that were ever complete on screen), with the rule that found it.
    public var sensitiveOffsets: [Int: String]
    /// The judgement of the final screen.
    public var final: Snapshotter.Judgement
    /// The final screen.
    public var finalScreen: Screen
    /// What was unusual but read in a streamed recording's events (`NAME:LINE: …`).
    public var warnings: [String] = []
}

/// Replays a capture and judges every moment (DESIGN.md, "Exposure over time"): the lines
/// that changed since they were last judged, at the end of each frame of a recording, and
/// for raw bytes also just before a change destroys them. Costs about what the bytes cost:
/// unchanged rows are never judged twice.
public struct ExposureScanner: Sendable {
    /// What is sensitive.
    public var rules: RuleSet
    /// For redaction: cells written by these offsets (and cells the app marked) are judged
    /// as the blanks a redacted frame shows, so what hiding them reveals (a number no longer
    /// glued to its neighbour) is found too.
    var masking: OffsetSet?

    public init(rules: RuleSet) {
        self.rules = rules
    }

    /// Scans `input`. `cols`/`rows` fix the size (a recording's resizes are then ignored).
    /// - Throws: ``InputError`` naming `path` (a bad size, a failed redaction).
    public func scan(_ input: CaptureInput, cols: Int?, rows: Int?, path: String) throws -> CaptureExposureReport {
        var state = ScanState()
        let size = input.size(cols: cols, rows: rows)
        var terminal: Terminal
        do {
            terminal = try Terminal(cols: size.cols, rows: size.rows)
        } catch {
            throw InputError(path: path, message: "\(error)")
        }
        terminal.trackExposure(input.mode)
        var lastTime: Double? = nil
        let warnings = try input.forEachStep(followingResizes: cols == nil && rows == nil) { step in
            if case .output(_, let offset) = step.kind { state.noteOutput(at: offset, line: step.line) }
            guard try terminal.apply(step, path: path) else { return }
            lastTime = step.time ?? lastTime
            if terminal.isOverWorkBudget {
                try TerminalCapture.checkWorkBudget(
                    terminal, path: path, event: step.event.map { (step.time ?? 0, $0) })
            }
            try judge(
                terminal.takeExposures(endingFrame: step.endsFrame), at: step, into: &state, terminal: &terminal,
                path: path)
            state.depart(terminal.takeDepartedTags(), at: step.time)
        }
        try TerminalCapture.checkWorkBudget(terminal, path: path)
        try judge(
            terminal.takeExposures(endingFrame: true),
            at: CaptureStep(kind: .other(code: "", data: ""), event: nil, time: lastTime, endsFrame: true),
            into: &state, terminal: &terminal, path: path)
        try TerminalCapture.checkWorkBudget(terminal, path: path)
        let screen = terminal.screen
        let final: Snapshotter.Judgement
        do {
            final = try Snapshotter.judge(screen, rules: rules, known: state.values)
        } catch {
            throw InputError(path: path, message: "\(error)")
        }
        let endTime = lastTime
        for finding in final.visibleFindings {
            if let index = state.known[Self.key(finding)] {
                state.exposures[index].stillVisible = true
                state.exposures[index].lastSeen = endTime
            }
        }
        return CaptureExposureReport(
            exposures: state.exposures, sensitiveOffsets: state.offsets, final: final,
            finalScreen: screen, warnings: warnings)
    }

    static func key(_ finding: Finding) -> String { finding.ruleID + "\u{0}" + finding.fingerprint }

    private struct ScanState {
        var exposures: [CaptureExposure] = []
        var known: [String: Int] = [:]
        var offsets: [Int: String] = [:]
        var tags: [Int32: [Int]] = [:]
        var nextTag: Int32 = 1
        /// Values found so far: hidden wherever they show again in a later frame.
        var values = KnownValues()
        /// The most recent output events' first stream offsets and file lines (a value's
        /// first byte is in one of them).
        var recent: [(offset: Int, line: Int)] = []
        static let recentLimit = 4096

        mutating func noteOutput(at offset: Int, line: Int) {
            guard line > 0 else { return }
            if recent.count >= Self.recentLimit { recent.removeFirst(Self.recentLimit / 2) }
            recent.append((offset, line))
        }

        /// The file line of the output event that carried stream offset `offset`.
        func line(ofOffset offset: Int) -> Int? {
            recent.last(where: { $0.offset <= offset })?.line
        }

        mutating func depart(_ departed: [Int32], at time: Double?) {
            for tag in departed {
                guard let indices = tags.removeValue(forKey: tag) else { continue }
                for index in indices { exposures[index].lastSeen = max(exposures[index].lastSeen ?? 0, time ?? 0) }
            }
        }
    }

    private func judge(
        _ exposed: [ExposedLines], at step: CaptureStep, into state: inout ScanState,
        terminal: inout Terminal, path: String
    ) throws {
        for var lines in exposed {
            if let masking {
                // Only lines with a hidden cell can show something new.
                guard !lines.isTitle else { continue }
                var masked = false
                for index in lines.screen.cells.indices
                where masking.contains(lines.offsets[index]) || lines.screen.cells[index].isSensitive {
                    lines.screen.cells[index] = .blank
                    masked = true
                }
                guard masked else { continue }
            }
            let findings: [Finding]
            do {
                findings = try rules.findings(in: lines.screen, known: state.values)
                state.values.remember(findings)
            } catch {
                throw InputError(path: path, message: "detection failed: \(error)")
            }
            var found: [Int] = []
            for finding in findings where finding.isVisible(on: lines.screen) {
                var cellOffsets: [Int] = []
                if !lines.isTitle {
                    for span in finding.spans {
                        for col in span.columns where span.row < lines.screen.rows && col < lines.screen.cols {
                            let offset = lines.offsets[span.row * lines.screen.cols + col]
                            if offset >= 0 { cellOffsets.append(offset) }
                        }
                    }
                }
                for offset in cellOffsets where state.offsets[offset] == nil { state.offsets[offset] = finding.ruleID }
                let key = Self.key(finding)
                let index: Int
                if let known = state.known[key] {
                    index = known
                } else {
                    let spans =
                        lines.isTitle
                        ? finding.spans
                        : finding.spans.map {
                            CellSpan(row: $0.row + lines.row, col: $0.col, width: $0.width)
                        }
                    index = state.exposures.count
                    state.known[key] = index
                    state.exposures.append(
                        CaptureExposure(
                            finding: finding, spans: spans, firstTime: step.time, firstEvent: step.event,
                            firstOffset: cellOffsets.min(),
                            firstLine: step.line > 0
                                ? (cellOffsets.min().flatMap(state.line(ofOffset:)) ?? step.line) : nil,
                            lastSeen: step.time, stillVisible: false,
                            lines: lines.screen))
                }
                if let time = step.time {
                    state.exposures[index].lastSeen = max(state.exposures[index].lastSeen ?? time, time)
                }
                found.append(index)
            }
            if !lines.isLeaving && !found.isEmpty {
                let tag = state.nextTag
                state.nextTag &+= 1
                state.tags[tag] = found
                terminal.tag(rows: lines.isTitle ? -1..<0 : lines.row..<(lines.row + lines.screen.rows), with: tag)
            }
        }
    }
}
