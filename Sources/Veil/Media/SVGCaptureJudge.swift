import VeilMedia
import VeilRedaction
import VeilScreen

/// Judges an SVG capture (``SVGTerminalCapture``): its frames as the screens of a recording
/// (``ExposureScanner``: context rows, known values, exposure over time), and its other text
/// (title, description, comments, text off the grid) with the text rules.
public struct SVGCaptureJudge: Sendable {
    /// The largest SVG read (64 MiB).
    public static let maximumBytes = 64 << 20

    /// What is sensitive.
    public var rules: RuleSet

    public init(rules: RuleSet) {
        self.rules = rules
    }

    /// What judging found.
    public struct Result: Sendable {
        /// The capture as read.
        public var capture: SVGTerminalCapture
        /// Its frames as a recording (nil when it is not a terminal capture).
        var replay: SVGReplay?
        /// What its frames showed (nil when it is not a terminal capture).
        public var report: CaptureExposureReport?
        /// What its other text holds.
        public var texts: [MediaFinding]
    }

    /// Reads and judges the SVG `bytes` (the file `path`).
    /// - Throws: ``InputError`` naming `path` with the line and column of what is wrong.
    public func judge(_ bytes: [UInt8], path: String) throws -> Result {
        let capture: SVGTerminalCapture
        do {
            capture = try SVGTerminalCapture.read(bytes)
        } catch {
            throw InputError(path: path, line: error.line, column: error.column, message: error.message)
        }
        var replay: SVGReplay?
        var report: CaptureExposureReport?
        if capture.structure != .notTerminal {
            let frames = try SVGReplay(capture)
            report = try ExposureScanner(rules: rules).scan(.recording(frames.cast), cols: nil, rows: nil, path: path)
            replay = frames
        }
        var judge = MediaTextJudge(rules: rules, path: path)
        let document = capture.document
        for (label, text) in capture.texts {
            try judge.judge(text.text) { found in
                let scalar = Self.scalarIndex(ofByte: found.start.byteColumn - 1, in: text.text)
                let offset = scalar < text.starts.count ? text.starts[scalar] : text.end
                let place = document.place(of: offset)
                return MediaPlace(kind: .svg, name: label, line: place.line, column: place.column)
            }
        }
        return Result(capture: capture, replay: replay, report: report, texts: judge.findings)
    }

    /// The index of the Unicode scalar of `text` that UTF-8 byte `offset` belongs to.
    static func scalarIndex(ofByte offset: Int, in text: String) -> Int {
        var bytes = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            bytes += UTF8.width(scalar)
            if offset < bytes { return index }
        }
        return text.unicodeScalars.count
    }
}

/// `veil redact x.svg -o y.svg`: the SVG with every hidden value's characters replaced in
/// the text itself by a mask character (a rectangle over readable text is not redaction),
/// everything else kept byte for byte: the values every frame showed (found as
/// ``CaptureRedactor`` finds them, so what hiding one reveals is hidden too) and those of its
/// other text (title, description, comments), each occurrence.
public enum SVGRedaction {
    /// The redacted SVG and how many characters were replaced.
    /// - Throws: ``InputError`` naming `path`.
    public static func redact(_ bytes: [UInt8], rules: RuleSet, style: RedactionStyle, path: String) throws
        -> (bytes: [UInt8], replaced: Int)
    {
        let result = try SVGCaptureJudge(rules: rules).judge(bytes, path: path)
        var ranges: [Range<Int>] = []
        if let replay = result.replay {
            let (_, hidden) = try CaptureRedactor(rules: rules, style: style)
                .judge(.recording(replay.cast), cols: nil, rows: nil, path: path)
            for offset in replay.sourceStarts.indices where replay.sourceStarts[offset] >= 0 && hidden.contains(offset)
            {
                if let range = replay.source(ofOffset: offset) { ranges.append(range) }
            }
        }
        // The other text: every finding in every run (each occurrence, not only the first).
        for (_, text) in result.capture.texts {
            let found: [TextFinding]
            do {
                found = try rules.textFindings(in: text.text)
            } catch {
                throw InputError(path: path, message: "\(error)")
            }
            for range in found.flatMap(\.hiddenRanges) where !range.isEmpty {
                let first = SVGCaptureJudge.scalarIndex(ofByte: range.lowerBound, in: text.text)
                let last = SVGCaptureJudge.scalarIndex(ofByte: range.upperBound - 1, in: text.text)
                for scalar in first...last where scalar < text.starts.count {
                    ranges.append(text.sourceRange(ofScalar: scalar))
                }
            }
        }
        // One mask character per hidden character, so the layout is kept (text, not a
        // rectangle over it): the mask style's character, else the default mask "•".
        let mask: String =
            switch style {
            case .mask(let character): String(character)
            default: String(RedactionStyle.defaultMaskCharacter)
            }
        let replaced = Set(ranges.map(\.lowerBound)).count
        return (rewrite(bytes, replacing: ranges, with: Array(mask.utf8)), replaced)
    }

    /// Whether the file at `path` is an SVG document, by its first 4 KiB.
    /// - Throws: ``InputError`` when it cannot be read.
    public static func isSVG(path: String) throws -> Bool {
        var file = try CaptureSource.file(path).open()
        return SVGTerminalCapture.looksLikeSVG(try file.read(upTo: 4096))
    }

    /// `bytes` with each range (characters of the source) replaced by `mask`.
    static func rewrite(_ bytes: [UInt8], replacing ranges: [Range<Int>], with mask: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for range in Set(ranges).sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= position {
            out += bytes[position..<range.lowerBound]
            out += mask
            position = range.upperBound
        }
        out += bytes[position...]
        return out
    }
}
