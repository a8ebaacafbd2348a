import VeilMedia
import VeilRedaction

extension AuditInputAuditor {
    /// An image (PNG, GIF, WebP, JPEG): its text read by OCR and judged frame by frame, each
    /// value once with its frame, time and pixel box. An image OCR could not read (no
    /// Tesseract, a damaged file, no text found) is reported as not audited, never as clean.
    func auditImage(_ file: AuditInputFile) throws -> InputAudit {
        let rules = try rules(for: file)  // noted, so its weakening settings are judged
        func notAudited(_ reason: String, warn: Bool = true) -> InputAudit {
            var audit = InputAudit(input: AuditedInput(path: file.path, kind: .image), findings: [])
            audit.notAudited = [AuditSkippedMedia(path: file.path, kind: "image", reason: reason)]
            if warn { audit.warnings = ["\(file.path): not audited: \(reason)"] }
            return audit
        }
        let bytes: [UInt8]
        do {
            bytes = try read(file, limit: ImageCaptureJudge.maximumBytes)
        } catch let error as InputError where error.message.contains("limit") {
            return notAudited(error.message)
        }
        let result: ImageCaptureJudge.Result
        do {
            result = try ImageCaptureJudge(rules: rules, threads: ocrThreads).judge(bytes, path: file.path)
        } catch let unavailable as OCREngine.Unavailable {
            return notAudited(unavailable.message, warn: false)
        } catch let failure as ImageFrames.Failure {
            return notAudited(failure.message)
        }
        let reading = result.reading
        guard reading.hasText else {
            var audit = notAudited(
                "not a terminal image: OCR found no lines of text (\(reading.format.rawValue), \(reading.width)×\(reading.height))",
                warn: false)
            audit.readByOCR = true
            return audit
        }
        var findings: [PendingFinding] = []
        let frames = reading.frames.count
        for found in result.found {
            let exposure = found.exposure
            let decoded = reading.frames.indices.contains(found.frame) ? reading.frames[found.frame].index : 0
            let timing = AuditExposure(
                firstSeconds: frames > 1 ? exposure.firstTime : nil, firstEvent: nil,
                visibleSeconds: frames > 1 ? exposure.visibleSeconds : nil, stillVisible: exposure.stillVisible)
            var item = pending(
                exposure.finding, rules: rules, snapshotID: file.path,
                location: AuditLocation(path: file.path, region: .fileStart), inputPath: file.path,
                screen: exposure.lines)
            item.finding.spans = exposure.spans.map { ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width)) }
            item.finding.exposure = timing
            var place = MediaPlace(
                kind: .image, name: frames > 1 ? "frame \(decoded + 1) of \(reading.decodedFrames)" : "image",
                line: 1, column: 1, seconds: frames > 1 ? exposure.firstTime : nil, frame: decoded)
            place.box = found.box
            item.finding.medium = place
            var details: [String] = []
            if frames > 1, let summary = timing.summary { details.append(summary) }
            if frames > 1 { details.append("frame \(decoded + 1)") }
            if let box = found.box { details.append("pixels \(box)") }
            if !details.isEmpty { item.finding.message += " (\(details.joined(separator: ", ")))" }
            findings.append(item)
        }
        let snapshot = AuditedSnapshot(
            id: file.path, file: file.path, region: .fileStart, hidden: result.report?.final.hiddenSpans ?? 0)
        var audit = InputAudit(
            input: AuditedInput(path: file.path, kind: .image, snapshots: [snapshot]), findings: findings,
            warnings: result.report?.warnings ?? [])
        audit.readByOCR = true
        return audit
    }
}
