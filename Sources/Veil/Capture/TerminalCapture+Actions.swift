import VeilScreen

extension TerminalCapture {
    /// The parser's actions for the bytes of the capture at `path` (`-` for standard input),
    /// exactly as read (``InputMode/raw``: no line feed made CR LF), read as every capture is
    /// (``CaptureInput/read(source:raw:cols:rows:warn:)``): for a `.cast` recording, its
    /// output events up to `time` (its end when nil), in order; resize events are not parser
    /// actions and are left out. `warn` gets what was unusual but read.
    /// - Throws: ``InputError`` naming the file.
    public static func parserActions(
        path: String, name: String? = nil, at time: Double? = nil, warn: (String) -> Void = { _ in }
    ) throws -> [ParserAction] {
        let name = name ?? path
        let input = try CaptureInput.read(path: path, name: name, raw: true, warn: warn)
        try CaptureReplay.check(moment: time, of: input, path: name)
        var parser = Parser()
        var recorder = ParserActionRecorder()
        let pass = try input.forEachStep(followingResizes: false, linesApart: false, until: time) { step in
            if case .output(let bytes, _) = step.kind {
                bytes.withUnsafeBufferPointer { parser.advance($0, into: &recorder) }
            }
        }
        try CaptureReplay.check(moment: time, within: pass, path: name)
        pass.warnings.forEach(warn)
        return recorder.actions
    }
}
