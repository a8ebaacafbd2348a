import VeilScreen

/// Turns a terminal capture (raw bytes, or an asciicast `.cast` recording) into the screen
/// it shows.
public enum TerminalCapture {
    /// The screen that the capture at `path` (`-` for standard input) shows.
    ///
    /// - Parameters:
    ///   - cols, rows: the terminal size; for a `.cast` recording, nil means the size in its
    ///     header (and later resize events are followed).
    ///   - time: for a recording, the moment to show (seconds; nil means its end).
    /// - Throws: ``InputError`` naming the file (and line and column for recordings).
    public static func screen(path: String, cols: Int?, rows: Int?, at time: Double? = nil) throws -> Screen {
        let bytes = try TerminalInput.bytes(from: path)
        if Asciicast.isCast(path: path) && Asciicast.looksLikeRecording(bytes) {
            let cast = try Asciicast(bytes: bytes, path: path)
            if let time, time > cast.duration {
                throw InputError(path: path, message: "--at \(time) is after the recording's end (\(cast.duration) s)")
            }
            return try screen(of: cast, cols: cols, rows: rows, at: time, path: path)
        }
        if time != nil {
            throw InputError(path: path, message: "--at applies to asciicast recordings (.cast) only")
        }
        var terminal = try makeTerminal(cols: cols ?? 80, rows: rows ?? 24, path: path)
        terminal.feed(bytes)
        return terminal.screen
    }

    /// The screen a recording shows at `time` (its end when nil).
    public static func screen(of cast: Asciicast, cols: Int?, rows: Int?, at time: Double?, path: String) throws -> Screen {
        let fixedSize = cols != nil || rows != nil
        var terminal = try makeTerminal(cols: cols ?? cast.cols, rows: rows ?? cast.rows, path: path)
        for event in cast.steps(until: time) {
            switch event.kind {
            case .output(let bytes):
                terminal.feed(bytes)
            case .resize(let newCols, let newRows) where !fixedSize:
                guard (try? terminal.resize(cols: newCols, rows: newRows)) != nil else {
                    throw InputError(path: path, message: "resize to \(newCols)x\(newRows) at \(event.time) s is outside 1…1000")
                }
            default:
                break
            }
        }
        return terminal.screen
    }

    private static func makeTerminal(cols: Int, rows: Int, path: String) throws -> Terminal {
        do {
            return try Terminal(cols: cols, rows: rows)
        } catch {
            throw InputError(path: path, message: "\(error)")
        }
    }
}
