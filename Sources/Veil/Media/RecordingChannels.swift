#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import VeilMedia
import VeilRedaction

/// Everything a capture holds besides what it draws, judged with the text rules: a
/// recording's header fields (`command`, `title`, every `env` value, v3's `term` and `tags`,
/// fields no version defines), comment lines, input typed into the program (as lines, next
/// to the prompt shown when it was typed), marker labels, exit and unknown events and data
/// past an event's first three fields; and in the output of a recording or in raw bytes,
/// the strings of escape sequences no terminal draws (OSC titles, working directory, host
/// and user, hyperlink targets and ids, clipboard contents decoded from base64, shell
/// integration marks and variables, DCS, SOS, PM, APC).
///
/// Each distinct (place, rule, value) is reported once, at the file line and column of the
/// first text that holds it, with the event's time. Images inside a recording (sixel, kitty
/// graphics, iTerm2 inline files) are not read: each is named in ``Result/unread``.
///
/// The recording is read a line at a time (bounded memory), in a pass of its own.
public struct RecordingChannels: Sendable {
    /// What is sensitive.
    public var rules: RuleSet

    public init(rules: RuleSet) {
        self.rules = rules
    }

    /// What a pass found.
    public struct Result: Sendable {
        /// In the order first seen.
        public var findings: [MediaFinding]
        /// Parts that could not be judged as text (`NAME:LINE: an inline image … that is not
        /// read`), each naming the file and line.
        public var unread: [String]
    }

    /// Judges everything `input` holds besides its screens.
    /// - Throws: ``InputError`` naming `path` (a custom detector failed, the file cannot be
    ///   read again).
    public func scan(_ input: CaptureInput, path: String) throws -> Result {
        var pass = Pass(rules: rules, path: path)
        switch input {
        case .recordingFile(let file):
            var lines = file.lines()
            try lines.forEach { line, position, _ in
                try pass.line(line, number: position.line)
                return true
            }
        case .recording(let cast):
            if let bytes = cast.sourceBytes {
                var number = 1
                var start = 0
                for index in bytes.indices where bytes[index] == 0x0A {
                    try pass.line(bytes[start..<index], number: number)
                    number += 1
                    start = index + 1
                }
                if start < bytes.count { try pass.line(bytes[start...], number: number) }
            } else {
                try pass.events(of: cast)
            }
        case .raw(let bytes, _):
            try pass.raw(bytes, input: input)
        }
        try pass.finish()
        pass.resolveColumns(in: input)
        return Result(findings: pass.judge.findings, unread: pass.unread)
    }
}

/// One pass over a capture (see ``RecordingChannels``).
struct Pass {
    var judge: MediaTextJudge
    let path: String
    var unread: [String] = []
    private var version: Int?
    private var clock = 0.0
    private var eventIndex = 0
    private var scanner = TerminalStringScanner()
    private var streamOffset = 0
    /// The most recent output events: their first stream offset, file line, time and index.
    private var recent: [(offset: Int, line: Int, time: Double, event: Int)] = []
    /// The last output bytes (the prompt an input line was typed at).
    private var tail: [UInt8] = []
    private var typed = TypedLines<MediaPlace>()
    /// Findings whose column waits for their line to be read again: finding index, line,
    /// byte of the event's data.
    private var pendingColumns: [(finding: Int, line: Int, dataIndex: Int)] = []

    init(rules: RuleSet, path: String) {
        judge = MediaTextJudge(rules: rules, path: path)
        self.path = path
    }

    // MARK: Lines of a recording

    mutating func line(_ raw: ArraySlice<UInt8>, number: Int) throws {
        var line = raw
        if line.last == 0x0D { line = line.dropLast() }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        guard let version else {
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            try header(line, number: number)
            return
        }
        if version >= 3, line.first == UInt8(ascii: "#") {
            let text = String(decoding: line.dropFirst(), as: UTF8.self)
            try judge.judge(text) { found in
                MediaPlace(kind: .comment, name: "comment line", line: number, column: 1 + found.start.column)
            }
            return
        }
        try event(line, number: number)
    }

    /// The header's fields: each judged as `KEY=VALUE` (its key is its context: `env`
    /// names, `password`-like fields); the size, version and times are not.
    private mutating func header(_ line: ArraySlice<UInt8>, number: Int) throws {
        guard let document = try? JSONLeafReader.read(line), document.root == .object else {
            version = 2  // the recording's reader reports what is wrong with the header
            return
        }
        let structural: Set<String> = [
            "version", "width", "height", "timestamp", "duration", "idle_time_limit", "term.cols", "term.rows",
        ]
        version = document.leaves.first { !$0.isKey && $0.path.description == "version" }.flatMap { Int($0.text) }
        if version == nil { version = 2 }
        var keys: [JSONLeaf.Path: JSONLeaf] = [:]
        for leaf in document.leaves where leaf.isKey { keys[leaf.path] = leaf }
        var scalars: Set<JSONLeaf.Path> = []
        for leaf in document.leaves where !leaf.isKey {
            scalars.insert(leaf.path)
            guard leaf.kind == .string || leaf.kind == .number else { continue }
            if leaf.kind == .number && structural.contains(leaf.path.description) { continue }
            let label = leaf.path.lastKey
            let prefix = label.map { $0 + "=" } ?? ""
            let prefixBytes = prefix.utf8.count
            let keyLeaf = label.flatMap { _ in keys[Self.keyPath(of: leaf.path)] }
            let name = "header field \"\(leaf.path)\""
            try judge.judge(prefix + leaf.text) { found in
                let byte = found.start.byteColumn - 1
                let column =
                    byte < prefixBytes
                    ? (keyLeaf?.column(ofByte: byte) ?? leaf.column)
                    : leaf.column(ofByte: byte - prefixBytes)
                return MediaPlace(kind: .header, name: name, line: number, column: column)
            }
        }
        // Keys of objects and arrays: text too.
        for (path, key) in keys where !scalars.contains(path) {
            try judge.judge(key.text) { found in
                MediaPlace(
                    kind: .header, name: "header key \"\(path)\"", line: number,
                    column: key.column(ofByte: found.start.byteColumn - 1))
            }
        }
    }

    /// The path of the key that names `path`'s value (the last key step, without the
    /// array indices after it).
    private static func keyPath(of path: JSONLeaf.Path) -> JSONLeaf.Path {
        var steps = path.steps
        while let last = steps.last, case .index = last { steps.removeLast() }
        return JSONLeaf.Path(steps)
    }

    private mutating func event(_ line: ArraySlice<UInt8>, number: Int) throws {
        let stamp: Double
        let code: String
        let data: [UInt8]
        var dataLeaves: [JSONLeaf] = []
        var extras: [JSONLeaf] = []
        var dataColumn: (Int) -> Int
        if let fast = AsciicastEventLine.parse(Substring(decoding: line, as: UTF8.self)) {
            (stamp, code, data) = fast
            let bytes = Array(line)
            dataColumn = { index in
                bytes.withUnsafeBufferPointer { AsciicastEventLine.column(ofDataByte: index, in: $0) } ?? 1
            }
        } else {
            // Another shape (data that is not a string, more fields, odd spacing): read with
            // positions; a line the recording's reader refuses is reported by it.
            guard let document = try? JSONLeafReader.read(line), document.root == .array, document.count >= 3,
                let time = document.leaves.first(where: { $0.path.steps == [.index(0)] && $0.kind == .number }),
                let value = Double(time.text),
                let codeLeaf = document.leaves.first(where: { $0.path.steps == [.index(1)] && $0.kind == .string })
            else { return }
            stamp = value
            code = codeLeaf.text
            for leaf in document.leaves {
                guard case .index(let position) = leaf.path.steps.first else { continue }
                if position == 2 { dataLeaves.append(leaf) } else if position >= 3 { extras.append(leaf) }
            }
            let stringData = dataLeaves.count == 1 && dataLeaves[0].path.steps.count == 1 ? dataLeaves[0] : nil
            data = stringData.map { Array($0.text.utf8) } ?? []
            let start = stringData?.column ?? dataLeaves.first?.column ?? 1
            dataColumn = { index in stringData?.column(ofByte: index) ?? start }
        }
        let time = version == 2 ? stamp : clock + stamp
        clock = time
        let index = eventIndex
        eventIndex += 1
        func place(_ kind: MediaPlace.Kind, _ name: String, column: Int) -> MediaPlace {
            MediaPlace(kind: kind, name: name, line: number, column: column, seconds: time, event: index)
        }
        switch code {
        case "o" where dataLeaves.isEmpty || !data.isEmpty:
            output(data, line: number, time: time, event: index)
            try flushStrings()
        case "i":
            let origin = place(.input, "input typed", column: dataColumn(0))
            for typedLine in typed.feed(data, from: origin) { try judgeTyped(typedLine) }
        case "m":
            try judge.judge(String(decoding: data, as: UTF8.self)) { found in
                place(.marker, "marker label", column: dataColumn(found.start.byteColumn - 1))
            }
        case "x":
            try judge.judge(String(decoding: data, as: UTF8.self)) { found in
                place(.exit, "exit status", column: dataColumn(found.start.byteColumn - 1))
            }
        case "r":
            break
        default:
            let name = "\"\(DisplayText.escaped(String(code.prefix(16))))\" event"
            if dataLeaves.isEmpty {
                try judge.judge(String(decoding: data, as: UTF8.self)) { found in
                    place(.event, name, column: dataColumn(found.start.byteColumn - 1))
                }
            }
            for leaf in dataLeaves where leaf.kind == .string || leaf.kind == .number {
                try judge.judge(leaf.text) { found in
                    place(.event, name, column: leaf.column(ofByte: found.start.byteColumn - 1))
                }
            }
        }
        for leaf in extras where leaf.kind == .string || leaf.kind == .number {
            guard case .index(let position) = leaf.path.steps.first else { continue }
            try judge.judge(leaf.text) { found in
                place(
                    .event, "field \(position + 1) of the event",
                    column: leaf.column(ofByte: found.start.byteColumn - 1))
            }
        }
    }

    /// A recording's events without their file (one built in memory): what they hold
    /// besides output, and the strings in their output.
    mutating func events(of cast: Asciicast) throws {
        version = cast.version
        for (index, event) in cast.events.enumerated() {
            let place = { (kind: MediaPlace.Kind, name: String) in
                MediaPlace(kind: kind, name: name, line: event.line, column: 1, seconds: event.time, event: index)
            }
            switch event.kind {
            case .output(let bytes):
                output(bytes, line: event.line, time: event.time, event: index)
                try flushStrings()
            case .resize:
                break
            case .other(let code, let data):
                switch code {
                case "i":
                    for typedLine in typed.feed(Array(data.utf8), from: place(.input, "input typed")) {
                        try judgeTyped(typedLine)
                    }
                case "m": try judge.judge(data) { _ in place(.marker, "marker label") }
                case "x": try judge.judge(data) { _ in place(.exit, "exit status") }
                default: try judge.judge(data) { _ in place(.event, "\"\(code)\" event") }
                }
            }
        }
        eventIndex = cast.events.count
    }

    // MARK: Output

    private mutating func output(_ data: [UInt8], line: Int, time: Double, event: Int) {
        if recent.count >= 4096 { recent.removeFirst(2048) }
        recent.append((streamOffset, line, time, event))
        pendingStrings.removeAll(keepingCapacity: true)
        scanner.feed(data, at: streamOffset) { pendingStrings.append($0) }
        streamOffset += data.count
        tail.append(contentsOf: data.suffix(1024))
        if tail.count > 2048 { tail.removeFirst(tail.count - 1024) }
        for string in pendingStrings { strings.append(string) }
    }

    private var pendingStrings: [TerminalString] = []
    /// Strings found and not judged yet (judged after each line, outside the scanner's call).
    private var strings: [TerminalString] = []

    /// Raw terminal bytes: their strings, each at its line and column in the file.
    mutating func raw(_ bytes: [UInt8], input: CaptureInput) throws {
        var found: [TerminalString] = []
        scanner.feed(bytes, at: 0) { found.append($0) }
        scanner.finish { found.append($0) }
        var positions = RawPositions(bytes)
        for string in found {
            let region = positions.region(ofOffset: string.offset)
            try judgeString(
                string, line: region?.startLine ?? 1, column: region?.startColumn ?? 1, time: nil, event: nil)
        }
    }

    mutating func finish() throws {
        if let last = typed.finish() { try judgeTyped(last) }
        scanner.finish { strings.append($0) }
        try flushStrings()
    }

    /// Judges the strings found so far in a recording's output.
    mutating func flushStrings() throws {
        let found = strings
        strings.removeAll()
        for string in found {
            let event = recent.last { $0.offset <= string.offset }
            let before = judge.findings.count
            try judgeString(string, line: event?.line ?? 1, column: 1, time: event?.time, event: event?.event)
            if let event {
                for index in before..<judge.findings.count {
                    pendingColumns.append((index, event.line, string.offset - event.offset))
                }
            }
        }
    }

    private mutating func judgeString(_ string: TerminalString, line: Int, column: Int, time: Double?, event: Int?)
        throws
    {
        let reading = string.readings()
        for text in reading.texts {
            try judge.judge(text.text) { _ in
                MediaPlace(kind: .escape, name: text.label, line: line, column: column, seconds: time, event: event)
            }
        }
        if let reason = reading.unread {
            let note = "\(path):\(line): \(reason)"
            if !unread.contains(note) { unread.append(note) }
        }
        if string.isCut {
            unread.append(
                "\(path):\(line): \(string.name) is longer than \(TerminalStringScanner.maximumBytes >> 20) MiB; the rest of it was not judged"
            )
        }
    }

    /// Judges a typed line next to the prompt it was typed at (the last line of output
    /// before it, as the line above gives a label its value: `Password:` and what follows);
    /// what the rules find in the prompt itself is the screen's, not the input's.
    private mutating func judgeTyped(_ typedLine: TypedLines<MediaPlace>.Line) throws {
        try flushStrings()
        let prompt = Self.lastLine(of: tail)
        let promptBytes = prompt.utf8.count
        var texts = [typedLine.text]
        if typedLine.keys != typedLine.text { texts.append(typedLine.keys) }
        for text in texts {
            try judge.judge(prompt + text, keep: { $0.end.byteColumn - 1 > promptBytes }) { _ in typedLine.origin }
        }
    }

    /// The text of the last line of terminal output in `bytes`: printable characters after
    /// the last line feed or carriage return, escape sequences left out.
    static func lastLine(of bytes: [UInt8]) -> String {
        var line: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A, 0x0D:
                line.removeAll()
            case 0x1B:
                // Skip the sequence: CSI to its final byte, a string to its terminator, else one byte.
                index += 1
                guard index < bytes.count else { break }
                let kind = bytes[index]
                if kind == UInt8(ascii: "[") {
                    index += 1
                    while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                } else if [0x5D, 0x50, 0x58, 0x5E, 0x5F].contains(kind) {
                    while index < bytes.count, bytes[index] != 0x07, bytes[index] != 0x1B { index += 1 }
                    if index < bytes.count, bytes[index] == 0x1B { index += 1 }
                }
            case 0x08:
                if !line.isEmpty { line.removeLast() }
            case 0x00..<0x20, 0x7F:
                break
            default:
                line.append(byte)
            }
            index += 1
        }
        return String(decoding: line.suffix(256), as: UTF8.self)
    }

    /// Columns of the findings in escape strings: their event lines read again.
    mutating func resolveColumns(in input: CaptureInput) {
        guard !pendingColumns.isEmpty else { return }
        let lines = input.recordingLines(numbered: Set(pendingColumns.map(\.line)))
        for pending in pendingColumns {
            guard var bytes = lines[pending.line] else { continue }
            if bytes.last == 0x0D { bytes.removeLast() }
            if let column = bytes.withUnsafeBufferPointer({
                AsciicastEventLine.column(ofDataByte: pending.dataIndex, in: $0)
            }) {
                judge.setColumn(column, of: pending.finding)
            }
        }
    }
}
