import VeilMedia
import VeilRedaction
import VeilRender

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
        if self.frames, !findings.isEmpty {
            try attachImageFrames(
                to: &findings, found: result.found, bytes: bytes, judged: result, rules: rules, file: file)
        }
        let snapshot = AuditedSnapshot(
            id: file.path, file: file.path, region: .fileStart, hidden: result.report?.final.hiddenSpans ?? 0)
        var audit = InputAudit(
            input: AuditedInput(path: file.path, kind: .image, snapshots: [snapshot]), findings: findings,
            warnings: result.report?.warnings ?? [])
        audit.readByOCR = true
        return audit
    }

    /// Gives each finding of an image the frame it was found on, redacted as `veil redact`
    /// paints it (a bar over every value on that frame, and over the finding's own box
    /// whatever the replay says: fail closed), with its box outlined: what the HTML report
    /// shows. The findings are `findings`, in the order of `found`.
    /// - Throws: ``InputError`` naming the file.
    private func attachImageFrames(
        to findings: inout [PendingFinding], found: [ImageCaptureJudge.Found], bytes: [UInt8],
        judged result: ImageCaptureJudge.Result, rules: RuleSet, file: AuditInputFile
    ) throws {
        let reading = result.reading
        func decoded(_ item: ImageCaptureJudge.Found) -> Int {
            reading.frames.indices.contains(item.frame) ? reading.frames[item.frame].index : 0
        }
        var covering: [Int: [PixelBox]] = [:]
        for item in found {
            if let box = item.box {
                covering[decoded(item), default: []] += ImageRedaction.cover([box], reading: reading)
            }
        }
        let pictures: [Int: (png: [UInt8], width: Int, height: Int)]
        do {
            pictures = try ImageRedaction.redactedFrames(
                bytes, judged: result, rules: rules, path: file.path, wanted: Set(found.map(decoded)),
                alsoCovering: covering)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(path: file.path, message: "cannot draw the report's frames: \(error)")
        }
        for (index, item) in found.enumerated() where index < findings.count {
            let frame = decoded(item)
            guard let picture = pictures[frame] else { continue }
            let moment =
                reading.decodedFrames > 1
                ? "frame \(frame + 1) of \(reading.decodedFrames), at \(AuditExposure.seconds(item.exposure.firstTime ?? 0)), values painted out as veil redact paints them"
                : "the image, values painted out as veil redact paints them"
            findings[index].finding.frame = AuditFrame(
                png: picture.png, width: picture.width, height: picture.height, moment: moment)
            if let box = item.box {
                findings[index].finding.outline = [PixelRect(x: box.x, y: box.y, width: box.width, height: box.height)]
            }
        }
    }
}
