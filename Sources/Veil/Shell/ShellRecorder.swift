import Foundation
import VeilScreen

/// `veil shell --record FILE`: the session as it was drawn, every frame the redacted screen
/// re-encoded (``RedactedRecordingWriter`` for an asciicast, ``ScreenEncoder`` for terminal
/// bytes), so the file holds exactly what the terminal showed and no byte of a hidden value.
/// Typed input is never recorded. A GIF, WebP or SVG is drawn from the asciicast once the
/// session ends (``LiveShell/run(recording:animation:progress:to:)``).
public struct ShellRecorder: Sendable {
    private var cast: RedactedRecordingWriter?
    private var encoder: ScreenEncoder?
    private var bytes: [UInt8] = []

    /// A recording of a `cols`×`rows` session started at Unix time `timestamp`: terminal bytes
    /// for ``OutputFormat/ans``, else an asciicast v2.
    public init(format: OutputFormat, cols: Int, rows: Int, timestamp: Int? = nil) {
        if format == .ans {
            encoder = ScreenEncoder(cols: cols, rows: rows)
        } else {
            cast = RedactedRecordingWriter(version: 2, cols: cols, rows: rows, timestamp: timestamp)
        }
    }

    /// A frame drawn `time` seconds after the start.
    public mutating func frame(_ screen: Screen, at time: Double) {
        if cast != nil {
            cast!.frame(screen, at: time)
        } else if encoder != nil {
            bytes += encoder!.encode(screen)
        }
    }

    /// The terminal was resized (the next frame is drawn whole).
    public mutating func resize(cols: Int, rows: Int, at time: Double) {
        cast?.resize(cols: cols, rows: rows, at: time)
    }

    /// The program ended with `status` (as a shell reports it).
    public mutating func exit(status: Int32, at time: Double) {
        cast?.exit(status: String(status), at: time)
    }

    /// The bytes not yet taken.
    public var pendingCount: Int { (cast?.pendingCount ?? 0) + bytes.count }

    /// Hands over the recording written since the last call.
    public mutating func takeBytes() -> [UInt8] {
        if cast != nil { return cast!.takeBytes() }
        defer { bytes = [] }
        return bytes
    }
}
