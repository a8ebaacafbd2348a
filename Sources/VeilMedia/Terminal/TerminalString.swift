/// The string of an escape sequence that no terminal draws: an operating system command
/// (OSC: titles, working directory, hyperlinks, clipboard, shell integration), a device
/// control string (DCS), or a start-of-string, privacy message or application program
/// command (SOS, PM, APC). Programs put paths, host names, user names, clipboard contents
/// and variables in them; a recording keeps them, and anyone with the file can read them.
public struct TerminalString: Sendable, Hashable {
    /// Which sequence opened the string.
    public enum Introducer: String, Sendable, Hashable {
        /// `ESC ]` … BEL or ST.
        case osc = "OSC"
        /// `ESC P` … ST.
        case dcs = "DCS"
        /// `ESC X` … ST.
        case sos = "SOS"
        /// `ESC ^` … ST.
        case pm = "PM"
        /// `ESC _` … ST.
        case apc = "APC"
    }

    /// Which sequence opened it.
    public var introducer: Introducer
    /// The bytes between the introducer and the terminator (control characters left out,
    /// as a terminal ignores them).
    public var bytes: [UInt8]
    /// The stream offset of the `ESC` that opened it.
    public var offset: Int
    /// How it ended: false when CAN, SUB or the end of the stream cut it short (a terminal
    /// then drops it, but its bytes are in the file all the same).
    public var isTerminated: Bool
    /// Whether it was longer than ``TerminalStringScanner/maximumBytes`` (the rest was not kept).
    public var isCut: Bool

    public init(introducer: Introducer, bytes: [UInt8], offset: Int, isTerminated: Bool = true, isCut: Bool = false) {
        self.introducer = introducer
        self.bytes = bytes
        self.offset = offset
        self.isTerminated = isTerminated
        self.isCut = isCut
    }

    /// An OSC's command number (the digits before the first `;`), if it has one.
    public var commandNumber: Int? {
        guard introducer == .osc else { return nil }
        var number = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ";") { break }
            guard (0x30...0x39).contains(byte), digits < 6 else { return nil }
            number = number * 10 + Int(byte - 0x30)
            digits += 1
        }
        return digits > 0 ? number : nil
    }

    /// An OSC's text after its number and `;` (the whole string for the others).
    public var argument: ArraySlice<UInt8> {
        guard introducer == .osc, commandNumber != nil else { return bytes[...] }
        guard let separator = bytes.firstIndex(of: UInt8(ascii: ";")) else { return bytes[bytes.endIndex...] }
        return bytes[(separator + 1)...]
    }
}

/// Finds the strings of OSC, DCS, SOS, PM and APC sequences in terminal output fed in
/// pieces, recognising them as Veil's terminal parser does (Paul Williams' DEC diagram, as
/// xterm): ESC ends any string (ST is ESC `\`), BEL also ends an OSC, CAN and SUB abort,
/// and 8-bit C1 bytes are UTF-8, not controls. Plain text is skipped eight bytes at a time.
///
/// ```swift
/// var scanner = TerminalStringScanner()
/// scanner.feed(Array("\u{1B}]52;c;Z2hwX3Rva2Vu\u{07}".utf8), at: 0) { print($0.introducer, $0.commandNumber!) }
/// ```
public struct TerminalStringScanner: Sendable {
    /// The most bytes of one string kept (16 MiB); a longer one is reported cut.
    public static let maximumBytes = 16 << 20

    private enum State: Sendable {
        case ground, escape, escapeIntermediate, csi
        case string(TerminalString.Introducer)
    }

    private var state = State.ground
    private var current: [UInt8] = []
    private var start = 0
    private var cut = false
    /// The limit of this scanner (tests lower it).
    var limit = TerminalStringScanner.maximumBytes

    public init() {}

    /// Scans `bytes`, which start at stream offset `offset`; `found` gets each string
    /// that ends in them.
    public mutating func feed(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ found: (TerminalString) throws -> Void
    ) rethrows {
        guard let base = bytes.baseAddress else { return }
        var index = 0
        let count = bytes.count
        while index < count {
            if case .ground = state {
                // The next ESC (CAN and SUB do nothing in the ground state here).
                guard let next = memchrESC(base + index, count - index) else { return }
                index = next - base
            }
            let byte = base[index]
            switch state {
            case .ground:
                state = .escape  // byte is ESC
            case .escape:
                switch byte {
                case 0x1B: break
                case 0x18, 0x1A: state = .ground
                case 0x20...0x2F: state = .escapeIntermediate
                case 0x5B: state = .csi
                case 0x5D: open(.osc, at: offset + index - 1)
                case 0x50: open(.dcs, at: offset + index - 1)
                case 0x58: open(.sos, at: offset + index - 1)
                case 0x5E: open(.pm, at: offset + index - 1)
                case 0x5F: open(.apc, at: offset + index - 1)
                case 0x30...0x7E: state = .ground
                default: break  // C0 controls run; DEL and high bytes are ignored
                }
            case .escapeIntermediate:
                switch byte {
                case 0x1B: state = .escape
                case 0x18, 0x1A, 0x30...0x7E: state = .ground
                default: break
                }
            case .csi:
                switch byte {
                case 0x1B: state = .escape
                case 0x18, 0x1A, 0x40...0x7E: state = .ground
                default: break
                }
            case .string(let introducer):
                switch byte {
                case 0x1B:
                    try close(introducer, terminated: true, found)
                    state = .escape
                case 0x18, 0x1A:
                    try close(introducer, terminated: false, found)
                    state = .ground
                case 0x07 where introducer == .osc:
                    try close(introducer, terminated: true, found)
                    state = .ground
                case 0x00...0x1F, 0x7F:
                    break  // ignored inside strings
                default:
                    // A run of string bytes at once.
                    var end = index + 1
                    while end < count, base[end] >= 0x20, base[end] != 0x7F { end += 1 }
                    let room = limit - current.count
                    if room > 0 {
                        current.append(
                            contentsOf: UnsafeBufferPointer(start: base + index, count: min(room, end - index)))
                    }
                    if end - index > room { cut = true }
                    index = end
                    continue
                }
            }
            index += 1
        }
    }

    /// ``feed(_:at:_:)`` of an array.
    public mutating func feed(_ bytes: [UInt8], at offset: Int, _ found: (TerminalString) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { try feed($0, at: offset, found) }
    }

    /// Ends the stream: a string still open is reported cut short.
    public mutating func finish(_ found: (TerminalString) throws -> Void) rethrows {
        if case .string(let introducer) = state { try close(introducer, terminated: false, found) }
        state = .ground
    }

    private mutating func open(_ introducer: TerminalString.Introducer, at offset: Int) {
        state = .string(introducer)
        current.removeAll(keepingCapacity: current.capacity <= 1 << 16)
        start = offset
        cut = false
    }

    private mutating func close(
        _ introducer: TerminalString.Introducer, terminated: Bool, _ found: (TerminalString) throws -> Void
    ) rethrows {
        let string = TerminalString(
            introducer: introducer, bytes: current, offset: start, isTerminated: terminated, isCut: cut)
        current.removeAll(keepingCapacity: current.capacity <= 1 << 16)
        try found(string)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The address of the first ESC in `count` bytes from `base`, or nil.
@inline(__always)
private func memchrESC(_ base: UnsafePointer<UInt8>, _ count: Int) -> UnsafePointer<UInt8>? {
    memchr(base, 0x1B, count).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) }
}
