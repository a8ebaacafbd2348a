/// Writes an asciicast v2 recording of a live program as it runs: the header, output
/// (`o`), input (`i`), resize (`r`) and exit (`x`) events. The program's bytes become JSON
/// strings of UTF-8: a character cut between two reads is carried to the next event, and a
/// byte that is not UTF-8 becomes U+FFFD (as asciinema's recorder does).
struct LiveRecordingWriter: Sendable {
    /// The recording written since the last ``takeBytes()``.
    private(set) var bytes: [UInt8]
    private var pendingOutput: [UInt8] = []
    private var pendingInput: [UInt8] = []
    private var lastTime = 0.0

    /// Starts a recording of a `cols`×`rows` terminal at Unix time `timestamp`.
    init(cols: Int, rows: Int, timestamp: Int?, command: String?) {
        var header = #"{"version": 2, "width": \#(cols), "height": \#(rows)"#
        if let timestamp { header += #", "timestamp": \#(timestamp)"# }
        header += #", "env": {"TERM": "xterm-256color"}"#
        if let command {
            var escaped: [UInt8] = []
            RedactedRecordingWriter.appendJSONEscaped(Array(command.utf8), to: &escaped)
            header += #", "command": ""# + String(decoding: escaped, as: UTF8.self) + #"""#
        }
        bytes = Array((header + "}\n").utf8)
    }

    /// Hands over the bytes written so far.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// Output the program wrote, `time` seconds after the start.
    mutating func output(_ data: [UInt8], at time: Double) {
        let text = Self.completeUTF8(&pendingOutput, data)
        if !text.isEmpty { event(time, "o", text) }
    }

    /// Input typed to the program.
    mutating func input(_ data: [UInt8], at time: Double) {
        let text = Self.completeUTF8(&pendingInput, data)
        if !text.isEmpty { event(time, "i", text) }
    }

    /// The terminal was resized.
    mutating func resize(cols: Int, rows: Int, at time: Double) {
        event(time, "r", Array("\(cols)x\(rows)".utf8))
    }

    /// The program ended with this status.
    mutating func exit(status: Int32, at time: Double) {
        event(time, "x", Array(String(status).utf8))
    }

    private mutating func event(_ time: Double, _ code: String, _ data: [UInt8]) {
        let time = max(time, lastTime)
        lastTime = time
        bytes += Array("[\(RedactedRecordingWriter.number(time)), \"\(code)\", \"".utf8)
        RedactedRecordingWriter.appendJSONEscaped(data, to: &bytes)
        bytes += Array("\"]\n".utf8)
    }

    /// The valid UTF-8 of `pending` + `data` up to the last whole character (invalid bytes
    /// replaced by U+FFFD); an unfinished character at the end stays in `pending`.
    static func completeUTF8(_ pending: inout [UInt8], _ data: [UInt8]) -> [UInt8] {
        var all = pending + data
        pending = []
        // An unfinished sequence at the end: a lead byte within the last 3 bytes whose
        // sequence runs past the end.
        let tail = max(0, all.count - 3)
        for index in stride(from: all.count - 1, through: tail, by: -1) {
            let byte = all[index]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if byte >= 0xC0 && byte < 0xF8 && index + length > all.count {
                pending = Array(all[index...])
                all.removeSubrange(index...)
            }
            break
        }
        return Array(String(decoding: all, as: UTF8.self).utf8)
    }
}
