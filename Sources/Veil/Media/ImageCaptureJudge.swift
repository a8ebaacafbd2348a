import VeilMedia
import VeilRedaction
import VeilRender
import VeilScreen

/// Judges a terminal image read by OCR (``TerminalOCR``): each distinct frame's rows, placed
/// on the cell grid and repaired where an anchor allows it (``OCRTextRepair``), judged as the
/// frames of a recording (context rows, known values, exposure over time); each value once,
/// with its frame, time and pixel box.
public struct ImageCaptureJudge: Sendable {
    /// The largest image file read (64 MiB).
    public static let maximumBytes = 64 << 20

    /// What is sensitive.
    public var rules: RuleSet
    /// OCR engines used at once.
    public var threads: Int

    public init(rules: RuleSet, threads: Int = 2) {
        self.rules = rules
        self.threads = threads
    }

    /// A value found: the finding and where it showed.
    public struct Found: Sendable {
        public var exposure: CaptureExposure
        /// The index of the distinct frame (of ``TerminalOCR/Reading/frames``) it first showed in.
        public var frame: Int
        public var box: PixelBox?
    }

    /// What judging found.
    public struct Result: Sendable {
        public var reading: TerminalOCR.Reading
        public var found: [Found]
        public var report: CaptureExposureReport?
        var replay: ImageReplay?
    }

    /// Reads and judges an image.
    /// - Throws: ``OCREngine/Unavailable``, ``ImageFrames/Failure``, ``InputError``.
    public func judge(_ bytes: [UInt8], path: String) throws -> Result {
        let reading = try TerminalOCR.read(bytes, threads: threads)
        guard reading.hasText else { return Result(reading: reading, found: [], report: nil, replay: nil) }
        let replay = try ImageReplay(reading)
        let report = try ExposureScanner(rules: rules).scan(.recording(replay.cast), cols: nil, rows: nil, path: path)
        var found: [Found] = []
        for exposure in report.exposures {
            let frame = exposure.firstEvent ?? 0
            let item = Found(exposure: exposure, frame: frame, box: replay.box(of: exposure.spans, frame: frame))
            // Two readings of the same pixels (OCR read a row differently in two frames) are
            // one value.
            if let box = item.box,
                found.contains(where: {
                    $0.exposure.finding.ruleID == exposure.finding.ruleID
                        && $0.box.map { Self.overlap($0, box) > 0.5 } == true
                })
            {
                continue
            }
            found.append(item)
        }
        return Result(reading: reading, found: found, report: report, replay: replay)
    }
}

extension ImageCaptureJudge {
    /// The share of the smaller box that two boxes have in common.
    static func overlap(_ a: PixelBox, _ b: PixelBox) -> Double {
        let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        guard width > 0, height > 0 else { return 0 }
        let smaller = min(a.width * a.height, b.width * b.height)
        return smaller > 0 ? Double(width * height) / Double(smaller) : 0
    }
}

/// An image's frames as read by OCR, as a recording: each distinct frame an output event
/// that clears the screen and writes its rows, repaired; for every byte of the output stream
/// that writes a character, that character's frame and pixel box.
struct ImageReplay: Sendable {
    var cast: Asciicast
    /// For each distinct frame and row, the pixel box of each column's character.
    var columns: [[[PixelBox?]]]
    /// For each byte of the output stream, its frame, row and column (−1 for escapes).
    var streamFrames: [Int32]
    var streamRows: [Int32]
    var streamColumns: [Int32]

    init(_ reading: TerminalOCR.Reading) throws {
        let cols = max(1, min(Screen.maximumSize, reading.cols + 8))
        let rows = max(1, min(Screen.maximumSize, reading.rows))
        var warnings: [String] = []
        var cast = try Asciicast(
            header: #"{"version": 2, "width": \#(cols), "height": \#(rows)}"#, line: 1, path: "", warnings: &warnings)
        var columns: [[[PixelBox?]]] = []
        var frames: [Int32] = []
        var rowsOf: [Int32] = []
        var columnsOf: [Int32] = []
        for (index, frame) in reading.frames.enumerated() {
            var bytes: [UInt8] = []
            func control(_ text: String) {
                bytes += Array(text.utf8)
                frames += Array(repeating: -1, count: text.utf8.count)
                rowsOf += Array(repeating: -1, count: text.utf8.count)
                columnsOf += Array(repeating: -1, count: text.utf8.count)
            }
            control("\u{1B}[H\u{1B}[2J")
            var frameColumns: [[PixelBox?]] = []
            for (row, words) in frame.rows.enumerated() where row < rows {
                let (line, boxes) = Self.line(words, reading: reading, row: row)
                let (repaired, sources) = OCRTextRepair.repair(line, checksum: TokenChecksum.isValid)
                let characters = Array(repaired)
                let hidden = Self.hiddenColumns(
                    row < frame.solids.count ? frame.solids[row] : [], reading: reading, cols: cols)
                let end = min(cols, max(characters.count, (hidden.lastIndex(of: true) ?? -1) + 1))
                var rowBoxes: [PixelBox?] = []
                if end > 0 { control("\u{1B}[\(row + 1);1H") }
                var inHidden = false
                for column in 0..<end {
                    let character = column < characters.count ? characters[column] : " "
                    let box = column < characters.count && sources[column] < boxes.count ? boxes[sources[column]] : nil
                    rowBoxes.append(box)
                    // A blank where Veil's hidden box shows is a hidden cell, as the box was drawn
                    // (`Cell.hidden`): a label whose value it hides takes no other.
                    let hides = character == " " && hidden[column]
                    if hides != inHidden {
                        control(hides ? Self.hiddenRendition : "\u{1B}[0m")
                        inHidden = hides
                    }
                    // Control characters OCR may return are written as spaces.
                    let scalar =
                        character.unicodeScalars.first.map { $0.value < 0x20 || $0.value == 0x7F } == true
                        ? " " : String(character)
                    let encoded = Array(scalar.utf8)
                    bytes += encoded
                    frames += Array(repeating: Int32(index), count: encoded.count)
                    rowsOf += Array(repeating: Int32(row), count: encoded.count)
                    columnsOf += Array(repeating: Int32(column), count: encoded.count)
                }
                if inHidden { control("\u{1B}[0m") }
                frameColumns.append(rowBoxes)
            }
            columns.append(frameColumns)
            cast.events.append(
                Asciicast.Event(time: max(frame.seconds, cast.events.last?.time ?? 0), kind: .output(bytes)))
        }
        self.cast = cast
        self.columns = columns
        streamFrames = frames
        streamRows = rowsOf
        streamColumns = columnsOf
    }

    /// The rendition of a hidden cell (``Cell/hidden``): the mask colour on the mask colour.
    static let hiddenRendition = ScreenEncoder.sgr(for: .hidden)

    /// For each of a row's `cols` columns, whether the middle of its cell lies on a solid run
    /// in the mask colour (within 8 levels: a JPEG's noise): a box Veil drew over a value, in
    /// a snapshot or painted on an image (``ImageRedaction``).
    static func hiddenColumns(_ solids: [TerminalOCR.Solid], reading: TerminalOCR.Reading, cols: Int) -> [Bool] {
        var hidden = [Bool](repeating: false, count: cols)
        let mask = ImageRedaction.maskPixel
        for solid in solids
        where abs(Int(solid.red) - Int(mask.red)) <= 8 && abs(Int(solid.green) - Int(mask.green)) <= 8
            && abs(Int(solid.blue) - Int(mask.blue)) <= 8
        {
            for column in 0..<cols {
                let middle = reading.originX + (Double(column) + 0.5) * reading.cellWidth
                if Double(solid.x.lowerBound) <= middle && middle < Double(solid.x.upperBound) { hidden[column] = true }
            }
        }
        return hidden
    }

    /// A row's words placed at their columns (at least one space apart: where OCR dropped an
    /// underscore between two words, ``OCRTextRepair`` expects the space), and each
    /// character's pixel box.
    ///
    /// A character's box is its share of its word's own pixels, not the cell of the column it
    /// was given: where OCR read a glyph too many or too few (a pane's rule `│` read as `J`)
    /// or split a word at an underscore, the columns drift but the boxes stay on the glyphs,
    /// so what is painted over a value covers the value.
    static func line(_ words: [TerminalOCR.Word], reading: TerminalOCR.Reading, row: Int) -> (String, [PixelBox?]) {
        let top = Int((reading.originY + Double(row) * reading.cellHeight).rounded(.down))
        let height = Int(reading.cellHeight.rounded(.up))
        var characters: [Character] = []
        var boxes: [PixelBox?] = []
        for word in words.sorted(by: { $0.box.x < $1.box.x }) {
            var column = Int(((Double(word.box.x) - reading.originX) / reading.cellWidth).rounded())
            column = max(column, characters.isEmpty ? 0 : characters.count + 1)
            while characters.count < column {
                characters.append(" ")
                boxes.append(nil)
            }
            let count = max(1, word.text.count)
            // Tesseract's box of a long word can reach over the words after it (511 pixels for
            // 30 characters of 9.64): a share more than a tenth over a cell (more than a glyph
            // in ten that OCR missed) is not the glyphs', and each character takes a cell.
            let measured = Double(word.box.width) / Double(count)
            let share = measured > reading.cellWidth * 1.1 ? reading.cellWidth : measured
            for (index, character) in word.text.enumerated() {
                let left = word.box.x + Int((Double(index) * share).rounded(.down))
                let right = word.box.x + Int((Double(index + 1) * share).rounded(.up))
                boxes.append(PixelBox(x: left, y: top, width: max(1, right - left), height: height))
                characters.append(character)
            }
        }
        return (String(characters), boxes)
    }

    /// The pixel box of the cells `spans` cover on distinct frame `frame`.
    func box(of spans: [CellSpan], frame: Int) -> PixelBox? {
        guard columns.indices.contains(frame) else { return nil }
        var result: PixelBox?
        for span in spans where span.row < columns[frame].count {
            let row = columns[frame][span.row]
            for column in span.col..<(span.col + max(1, span.width)) where column < row.count {
                guard let box = row[column] else { continue }
                result = result.map { $0.union(box) } ?? box
            }
        }
        return result
    }

    /// For each distinct frame, the pixel boxes of every stream byte in `hidden`.
    func boxes(hidden: OffsetSet) -> [Int: [PixelBox]] {
        var result: [Int: [PixelBox]] = [:]
        for offset in streamFrames.indices where streamFrames[offset] >= 0 && hidden.contains(offset) {
            let frame = Int(streamFrames[offset])
            let row = Int(streamRows[offset])
            let column = Int(streamColumns[offset])
            if let box = columns[frame][row][column] { result[frame, default: []].append(box) }
        }
        return result
    }
}
