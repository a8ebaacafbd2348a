import Foundation
import VeilRedaction
import VeilScreen

/// An asciinema recording (`.cast`, versions 2 and 3): the terminal size and its timed events.
///
/// ```swift
/// let cast = try Asciicast(bytes: data, path: "session.cast")
/// for step in cast.steps(until: 12.5) { … }   // output and resizes up to 12.5 s
/// ```
public struct Asciicast: Sendable {
    /// One event of the recording, at `time` seconds from its start.
    public struct Event: Sendable, Hashable {
        /// What happened.
        public enum Kind: Sendable, Hashable {
            /// Bytes the program wrote to the terminal ("o").
            case output([UInt8])
            /// The terminal was resized ("r", `COLSxROWS`).
            case resize(cols: Int, rows: Int)
            /// Anything else (input "i", marker "m", exit "x"): kept, not replayed.
            case other(code: String, data: String)
        }
        public var time: Double
        public var kind: Kind
        /// The 1-based line of the event in its file (0 when not read from a file).
        public var line: Int = 0
        /// The byte offset of that line in its file.
        public var offset: Int = 0

        public init(time: Double, kind: Kind, line: Int = 0, offset: Int = 0) {
            self.time = time
            self.kind = kind
            self.line = line
            self.offset = offset
        }
    }

    /// The format version (2 or 3).
    public var version: Int
    /// Terminal columns at the start.
    public var cols: Int
    /// Terminal rows at the start.
    public var rows: Int
    /// The events in time order.
    public var events: [Event]
    /// The header's `timestamp` (Unix seconds of the start), if any.
    public var timestamp: Int?
    /// The header's `idle_time_limit`, if any.
    public var idleTimeLimit: Double?
    /// What was unusual but still read (`line N: …`): raw control characters inside JSON
    /// strings (accepted as Python's non-strict JSON does), a truncated last line (ignored).
    public var warnings: [String] = []
    /// The file's bytes when it was parsed whole (``init(bytes:path:)``), for pointing at a
    /// column of an event's line (``CaptureExposure/firstColumn``); nil otherwise.
    var sourceBytes: [UInt8]?

    /// Whether `bytes` look like an asciicast (their first non-blank byte opens a JSON
    /// object); terminal bytes saved under a `.cast` name do not.
    public static func looksLikeRecording(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            return true
        }
        return first == UInt8(ascii: "{")
    }

    /// Whether `bytes` (the start of a stream with no name to tell, such as standard input)
    /// open with an asciicast header line: a JSON object of version 2 or 3 with the terminal's
    /// size, as no terminal output plausibly does.
    public static func opensWithHeader(_ bytes: [UInt8]) -> Bool {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{"),
            let end = bytes[start...].firstIndex(of: 0x0A)
        else { return false }
        var line = bytes[start..<end]
        if line.last == 0x0D { line = line.dropLast() }
        guard let text = String(validating: line, as: UTF8.self) else { return false }
        var warnings: [String] = []
        return (try? Asciicast(header: Substring(text), line: 1, path: "-", warnings: &warnings)) != nil
    }

    /// Whether `path` names an asciicast recording (by its `.cast` extension).
    public static func isCast(path: String) -> Bool {
        path.lowercased().hasSuffix(".cast")
    }

    /// Parses a recording held in memory (``AsciicastReader`` reads it, as it reads a file).
    /// - Throws: ``InputError`` naming `path`, the line and the column of the problem.
    public init(bytes: [UInt8], path: String) throws {
        var lines = InputLines(InputFile(bytes: bytes, name: path), chunkSize: AsciicastReader.chunkSize)
        self = try AsciicastReader.header(&lines)
        var events: [Event] = []
        warnings += try AsciicastReader.forEachEvent(&lines, header: self) { events.append($0) }
        self.events = events
        sourceBytes = bytes
    }

    /// A recording with no events yet, from its header line.
    /// - Throws: ``InputError`` naming `path` and `line`.
    init(header text: Substring, line: Int, path: String, warnings: inout [String]) throws {
        if text.first == "#" {
            throw InputError(
                path: path, line: line, column: 1,
                message: "asciicast starts with a comment line; its first line must be the JSON header")
        }
        guard let header = try Asciicast.json(text, path: path, line: line, warnings: &warnings) as? [String: Any]
        else {
            throw InputError(path: path, line: line, column: 1, message: "asciicast header must be a JSON object")
        }
        guard let version = header["version"] as? Int, version == 2 || version == 3 else {
            throw InputError(
                path: path, line: line, column: 1,
                message:
                    "unsupported asciicast version \(header["version"].map { "\($0)" } ?? "(missing)"); expected 2 or 3"
            )
        }
        let size: (Int?, Int?)
        if version == 2 {
            size = (header["width"] as? Int, header["height"] as? Int)
        } else {
            let term = header["term"] as? [String: Any]
            size = (term?["cols"] as? Int, term?["rows"] as? Int)
        }
        let largest = Screen.maximumSize
        guard let cols = size.0, let rows = size.1, (1...largest).contains(cols), (1...largest).contains(rows) else {
            let fields = version == 2 ? "\"width\" and \"height\"" : "\"term\": {\"cols\", \"rows\"}"
            throw InputError(
                path: path, line: line, column: 1,
                message: "asciicast header needs positive \(fields), at most \(largest)")
        }
        self.version = version
        self.timestamp = (header["timestamp"] as? NSNumber)?.intValue
        self.idleTimeLimit = (header["idle_time_limit"] as? NSNumber)?.doubleValue
        self.cols = cols
        self.rows = rows
        self.events = []
    }

    /// Parses event lines in order (times are checked against the ones before).
    struct EventParser {
        let version: Int
        var clock = 0.0

        init(version: Int) {
            self.version = version
        }

        /// The event of one line; nil for a cut-short last line (`isCutShortLast`: the last
        /// line, with no newline after it), which is ignored with a warning.
        mutating func event(
            _ line: Substring, line number: Int, path: String, isCutShortLast: Bool,
            warnings: inout [String]
        ) throws -> Event? {
            let stamp: Double
            let code: String
            let bytes: [UInt8]
            if let fast = AsciicastEventLine.parse(line) {
                (stamp, code, bytes) = fast
            } else {
                let parsed: Any
                do {
                    parsed = try Asciicast.json(line, path: path, line: number, warnings: &warnings)
                } catch is InputError where isCutShortLast {
                    // A recorder that crashed leaves its last line cut short: the rest is still read.
                    warnings.append(
                        "line \(number): the last line is cut short (a recorder that stopped mid-write?); it was ignored"
                    )
                    return nil
                }
                guard let array = parsed as? [Any], array.count >= 3 else {
                    throw InputError(
                        path: path, line: number, column: 1, message: "event must be a JSON array [time, code, data]")
                }
                guard let value = (array[0] as? NSNumber)?.doubleValue, value.isFinite, value >= 0 else {
                    throw InputError(
                        path: path, line: number, column: 2, message: "event time must be a non-negative number")
                }
                guard let text = array[1] as? String else {
                    throw InputError(path: path, line: number, column: 1, message: "event code must be a string")
                }
                // Output and resize data are strings; the data of other codes may be any JSON
                // value (asciicast v2: "data (any)"; v3: codes a reader does not know are
                // ignored), kept as its JSON text.
                if let data = array[2] as? String {
                    (stamp, code, bytes) = (value, text, Array(data.utf8))
                } else if text != "o" && text != "r",
                    let data = try? JSONSerialization.data(
                        withJSONObject: array[2], options: [.fragmentsAllowed, .sortedKeys])
                {
                    (stamp, code, bytes) = (value, text, Array(data))
                } else {
                    throw InputError(
                        path: path, line: number, column: 1, message: "\"\(text)\" event data must be a string")
                }
            }
            return try event(stamp: stamp, code: code, data: bytes, line: number, path: path)
        }

        /// The event of a line already split into its time, code and data.
        mutating func event(stamp: Double, code: String, data bytes: [UInt8], line number: Int, path: String) throws
            -> Event
        {
            // Version 2 stores absolute times, version 3 the interval since the previous event.
            let time = version == 2 ? stamp : clock + stamp
            guard time.isFinite else {  // v3 intervals can add up past the largest Double
                throw InputError(
                    path: path, line: number, column: 2,
                    message: "event time overflows: the intervals add up past any representable time")
            }
            if version == 2 && time < clock {
                throw InputError(
                    path: path, line: number, column: 2,
                    message: "event time \(stamp) goes back before \(clock)")
            }
            clock = time
            let largest = Screen.maximumSize
            switch code {
            case "o":
                return Event(time: time, kind: .output(bytes), line: number)
            case "r":
                let data = String(decoding: bytes, as: UTF8.self)
                let parts = data.split(separator: "x")
                guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]),
                    (1...largest).contains(c), (1...largest).contains(r)
                else {
                    throw InputError(
                        path: path, line: number, column: 1,
                        message:
                            "resize event needs \"COLSxROWS\" with each 1…\(largest), got \(DisplayText.shape(of: data, limit: 20))"
                    )
                }
                return Event(time: time, kind: .resize(cols: c, rows: r), line: number)
            default:
                return Event(
                    time: time, kind: .other(code: code, data: String(decoding: bytes, as: UTF8.self)), line: number)
            }
        }
    }

    /// Whether `line` (an event line, after the header) is a comment: asciicast v3 lines that
    /// start with `#` are comments, which players ignore (the format's own example has them).
    /// - Throws: ``InputError`` for such a line in a version 2 recording, whose format has no
    ///   comments.
    static func isComment(_ line: some Collection<UInt8>, version: Int, line number: Int, path: String) throws -> Bool {
        guard line.first == UInt8(ascii: "#") else { return false }
        guard version >= 3 else {
            throw InputError(
                path: path, line: number, column: 1,
                message: "comment lines (#) are allowed in asciicast v3, not in this version 2 recording")
        }
        return true
    }

    /// The output and resize events up to and including `time` (every one when nil).
    public func steps(until time: Double? = nil) -> [Event] {
        events.filter { event in
            if let time, event.time > time { return false }
            if case .other = event.kind { return false }
            return true
        }
    }

    /// The duration of the recording: the time of its last event.
    public var duration: Double { events.last?.time ?? 0 }

    static func json(_ text: Substring, path: String, line: Int, warnings: inout [String]) throws -> Any {
        if let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) {
            return value
        }
        // Python's json module (strict=False), which some recorders used, writes raw control
        // characters inside strings; escape them and try again.
        if let escaped = escapingRawControls(text),
            let value = try? JSONSerialization.jsonObject(with: Data(escaped.utf8), options: [.fragmentsAllowed])
        {
            warnings.append(
                "line \(line): raw control characters inside a JSON string (accepted, as Python's non-strict JSON does)"
            )
            return value
        }
        throw InputError(path: path, line: line, column: 1, message: "invalid JSON in asciicast")
    }

    /// `text` with control characters inside JSON strings written as `\u00XX`; nil when it
    /// has none.
    static func escapingRawControls(_ text: Substring) -> String? {
        var out = ""
        var inString = false
        var escaped = false
        var changed = false
        for scalar in text.unicodeScalars {
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                } else if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    changed = true
                    continue
                }
            } else if scalar == "\"" {
                inString = true
            }
            out.unicodeScalars.append(scalar)
        }
        return changed ? out : nil
    }
}
