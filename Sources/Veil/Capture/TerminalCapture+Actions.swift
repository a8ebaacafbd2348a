import VeilScreen

extension TerminalCapture {
    /// The parser's actions for the bytes of the capture at `path` (`-` for standard input),
    /// exactly as read: for a `.cast` recording, the output events up to `time` (its end when
    /// nil) in order; resize events are not parser actions and are left out.
    /// - Throws: ``InputError`` naming the file.
    public static func parserActions(path: String, at time: Double? = nil) throws -> [ParserAction] {
        let bytes = try InputFile.bytes(from: path)
        var parser = Parser()
        var recorder = ParserActionRecorder()
        if Asciicast.isCast(path: path) {
            let cast = try Asciicast(bytes: bytes, path: path)
            if let time, time > cast.duration {
                throw InputError(path: path, message: "--at \(time) is after the recording's end (\(cast.duration) s)")
            }
            for event in cast.steps(until: time) {
                if case .output(let output) = event.kind { parser.advance(output, into: &recorder) }
            }
        } else {
            if time != nil {
                throw InputError(path: path, message: "--at applies to asciicast recordings (.cast) only")
            }
            parser.advance(bytes, into: &recorder)
        }
        return recorder.actions
    }
}
