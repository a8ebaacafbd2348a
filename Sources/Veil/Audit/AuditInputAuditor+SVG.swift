import VeilMedia
import VeilRedaction

extension AuditInputAuditor {
    /// An SVG capture: each frame judged as a screen of a recording (every value once, at the
    /// SVG text that first drew it, with its frame and time), its other text as text.
    func auditSVG(_ file: AuditInputFile) throws -> InputAudit {
        let rules = try resolver.rules(forInputAt: file.path)
        let bytes = try read(file, limit: SVGCaptureJudge.maximumBytes)
        let result = try SVGCaptureJudge(rules: rules).judge(bytes, path: file.path)
        let document = result.capture.document
        var findings: [PendingFinding] = []
        var warnings = result.capture.notes.map { "\(file.path): \($0)" }
        var hidden = 0
        if let report = result.report, let replay = result.replay {
            warnings += report.warnings
            hidden = report.final.hiddenSpans
            let frames = replay.cast.events.count
            for exposure in report.exposures {
                let source = exposure.firstOffset.flatMap(replay.source(ofOffset:))
                let place = source.map { document.place(of: $0.lowerBound) } ?? (1, 1)
                let frame = exposure.firstOffset.flatMap(replay.frame(ofOffset:)) ?? exposure.firstEvent ?? 0
                let timing = AuditExposure(
                    firstSeconds: exposure.firstTime, firstEvent: nil, visibleSeconds: exposure.visibleSeconds,
                    stillVisible: exposure.stillVisible, byteOffset: source?.lowerBound)
                var item = pending(
                    exposure.finding, rules: rules, snapshotID: file.path,
                    location: AuditLocation(path: file.path, region: AuditRegion(line: place.0, column: place.1)),
                    inputPath: file.path, screen: exposure.lines)
                item.finding.spans = exposure.spans.map {
                    ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width))
                }
                item.finding.exposure = timing
                item.finding.medium = MediaPlace(
                    kind: .svg, name: "frame \(frame + 1) of \(frames)", line: place.0, column: place.1,
                    seconds: exposure.firstTime, frame: frame)
                if let summary = timing.summary { item.finding.message += " (\(summary), frame \(frame + 1))" }
                findings.append(item)
            }
        }
        for media in result.texts {
            findings.append(
                pending(media, rules: rules, path: file.path, medium: "SVG", advice: AuditFinding.svgAdvice))
        }
        let snapshot = AuditedSnapshot(id: file.path, file: file.path, region: .fileStart, hidden: hidden)
        return InputAudit(
            input: AuditedInput(path: file.path, kind: .svg, snapshots: [snapshot]), findings: findings,
            warnings: warnings)
    }
}
