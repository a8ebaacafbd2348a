import Foundation
import VeilScreen

/// Writes an asciicast recording (version 2 or 3) from redacted screens: each frame is
/// re-encoded from the screen model (``ScreenEncoder``), never patched from the original
/// bytes, so nothing that was hidden can survive in an event. `veil redact` and
/// `veil record --redact` write through it.
///
/// ```swift
/// var writer = RedactedRecordingWriter(version: 2, cols: 80, rows: 24)
/// writer.frame(redactedScreen, at: 0.5)
/// try AtomicFile.write(writer.takeBytes(), to: url)
/// ```
public struct RedactedRecordingWriter: Sendable {
    /// The recording written since the last ``takeBytes()``: a header line first, then one
    /// event a line.
    public private(set) var bytes: [UInt8] = []

    /// The number of bytes not yet taken.
    public var pendingCount: Int { bytes.count }

    /// Hands over the bytes written so far (to stream a long recording to its file).
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
    private let version: Int
    private var encoder: ScreenEncoder
    private var lastTime = 0.0

    /// Starts a recording of a `cols`×`rows` terminal. The header keeps only the size, the
    /// start `timestamp` and `idleTimeLimit`: a title, command or environment could hold
    /// anything, so they are not carried over.
    public init(version: Int, cols: Int, rows: Int, timestamp: Int? = nil, idleTimeLimit: Double? = nil) {
        self.version = version == 3 ? 3 : 2
        encoder = ScreenEncoder(cols: cols, rows: rows)
        var header =
            self.version == 3
            ? #"{"version": 3, "term": {"cols": \#(cols), "rows": \#(rows)}"#
            : #"{"version": 2, "width": \#(cols), "height": \#(rows)"#
        if let timestamp { header += #", "timestamp": \#(timestamp)"# }
        if let idleTimeLimit, idleTimeLimit.isFinite {
            header += #", "idle_time_limit": \#(Self.number(idleTimeLimit))"#
        }
        bytes = Array((header + "}\n").utf8)
    }

    /// Adds the output event that turns the last frame into `screen` at `time` seconds
    /// (nothing when no visible thing changed).
    public mutating func frame(_ screen: Screen, at time: Double) {
        let data = encoder.encode(screen)
        guard !data.isEmpty else { return }
        event(time, "o", data)
    }

    /// Adds a resize event; the next frame is drawn whole.
    public mutating func resize(cols: Int, rows: Int, at time: Double) {
        event(time, "r", Array("\(cols)x\(rows)".utf8))
    }

    /// Adds a marker (`m`) with `label` (the caller makes sure it is safe).
    public mutating func marker(_ label: String, at time: Double) {
        event(time, "m", Array(label.utf8))
    }

    /// Adds an exit event (`x`) with the status.
    public mutating func exit(status: String, at time: Double) {
        event(time, "x", Array(status.utf8))
    }

    private mutating func event(_ time: Double, _ code: String, _ data: [UInt8]) {
        let time = max(time, lastTime)
        let stamp = version == 3 ? time - lastTime : time
        lastTime = time
        bytes += Array("[\(Self.number(stamp)), \"\(code)\", \"".utf8)
        Self.appendJSONEscaped(data, to: &bytes)
        bytes += Array("\"]\n".utf8)
    }

    /// Seconds with at most 6 decimals, no trailing zeros (`0.5`, `12.25`).
    static func number(_ value: Double) -> String {
        let micro = (max(0, value) * 1_000_000).rounded()
        let whole = Int(micro / 1_000_000)
        var fraction = String(Int(micro.truncatingRemainder(dividingBy: 1_000_000)))
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(whole).0" : "\(whole).\(fraction)"
    }

    /// The UTF-8 bytes of a JSON string's contents: `"`, `\` and controls escaped.
    static func appendJSONEscaped(_ data: [UInt8], to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        for byte in data {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0x00..<0x20, 0x7F:
                out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
    }
}
