/// What a ``Parser`` reports: one requirement per action of the DEC/ANSI parser
/// (Paul Williams' state diagram), all with empty default bodies.
///
/// The parser knows syntax, not meaning; a receiver gives the actions their meaning.
/// ``Terminal`` is one receiver; tests record actions into an enum with another.
///
/// A receiver must hold up under this test (split input gives the same actions):
/// ```swift
/// var whole = Recorder(), split = Recorder()
/// var p1 = Parser(), p2 = Parser()
/// p1.advance(Array("\u{1B}[1;2H".utf8), into: &whole)
/// for byte in "\u{1B}[1;2H".utf8 { p2.advance([byte], into: &split) }
/// #expect(whole.actions == split.actions)
/// ```
public protocol ParserReceiver {
    /// Prints one character (a decoded scalar; U+FFFD for each bad UTF-8 sequence).
    mutating func print(_ scalar: Unicode.Scalar)

    /// Prints a run of printable ASCII bytes (0x20…0x7E); the default calls
    /// ``print(_:)`` for each byte. A receiver may override it to write the run at once.
    mutating func printASCII(_ bytes: UnsafeBufferPointer<UInt8>)

    /// The lead byte of a UTF-8 sequence is at `pointer` (in the bytes being fed); the
    /// character it starts is printed when the sequence completes. For receivers that map
    /// cells to input positions; the default does nothing.
    mutating func willDecode(at pointer: UnsafePointer<UInt8>)

    /// The ESC that starts an escape sequence is at `pointer` (in the bytes being fed), for
    /// receivers that map what a sequence writes (DECFRA) to input positions; the default
    /// does nothing.
    mutating func willStartSequence(at pointer: UnsafePointer<UInt8>)

    /// Executes a C0 control (0x00…0x1F other than ESC, CAN and SUB).
    mutating func execute(_ byte: UInt8)

    /// Dispatches a complete control sequence (`CSI … final`).
    mutating func csiDispatch(_ sequence: ControlSequence)

    /// Dispatches an escape sequence (`ESC intermediates final`).
    mutating func escDispatch(_ intermediates: Intermediates, final: UInt8, ignore: Bool)

    /// Dispatches an operating system command: `payload` is everything between `ESC ]`
    /// and its terminator (BEL when `bellTerminated`, else ST). Overlong strings are
    /// swallowed and never dispatched.
    mutating func oscDispatch(_ payload: UnsafeBufferPointer<UInt8>, bellTerminated: Bool)

    /// Starts a device control string (`DCS … final`); its data follows through ``put(_:)``.
    mutating func hook(_ sequence: ControlSequence)

    /// One data byte of the current device control string.
    mutating func put(_ byte: UInt8)

    /// Ends the current device control string.
    mutating func unhook()
}

/// Every action does nothing unless the receiver implements it.
extension ParserReceiver {
    public mutating func print(_ scalar: Unicode.Scalar) {}
    public mutating func printASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { print(Unicode.Scalar(byte)) }
    }
    public mutating func willDecode(at pointer: UnsafePointer<UInt8>) {}
    public mutating func willStartSequence(at pointer: UnsafePointer<UInt8>) {}
    public mutating func execute(_ byte: UInt8) {}
    public mutating func csiDispatch(_ sequence: ControlSequence) {}
    public mutating func escDispatch(_ intermediates: Intermediates, final: UInt8, ignore: Bool) {}
    public mutating func oscDispatch(_ payload: UnsafeBufferPointer<UInt8>, bellTerminated: Bool) {}
    public mutating func hook(_ sequence: ControlSequence) {}
    public mutating func put(_ byte: UInt8) {}
    public mutating func unhook() {}
}
