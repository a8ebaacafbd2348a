/// The DEC/ANSI escape-sequence parser: bytes in, actions out to a ``ParserReceiver``.
///
/// The parser only keeps bookkeeping (state, parameters, intermediates, the string
/// buffer and a partial UTF-8 sequence), so input may be split anywhere between calls.
/// It never throws: every limit is fixed and overflowing one drops data, never fails.
/// The states and transitions follow Paul Williams' DEC parser diagram
/// (https://vt100.net/emu/dec_ansi_parser), with `:` sub-parameters as in ECMA-48 and
/// UTF-8 decoded in the ground state with one U+FFFD per bad sequence, as xterm does.
/// OSC strings end on BEL or ST; DCS, SOS, PM and APC strings only on ST (as xterm).
///
/// ```swift
/// var parser = Parser()
/// var terminal = MyReceiver()
/// parser.advance(Array("\u{1B}[31mred".utf8), into: &terminal)
/// ```
public struct Parser: Sendable {
    /// The most bytes kept of an OSC string (or passed on of a DCS string); the rest of
    /// an overlong string is swallowed up to its terminator and it is not dispatched.
    public static let maximumStringLength = 64 * 1024

    /// The parser states of the DEC diagram.
    public enum State: UInt8, Sendable {
        case ground, escape, escapeIntermediate
        case csiEntry, csiParam, csiIntermediate, csiIgnore
        case dcsEntry, dcsParam, dcsIntermediate, dcsPassthrough, dcsIgnore
        case oscString, sosPmApcString
    }

    /// The current state.
    public private(set) var state: State = .ground

    // Sequence bookkeeping.
    @usableFromInline var parameters = Parameters()
    @usableFromInline var currentParameter: UInt32 = 0
    @usableFromInline var parameterStarted = false
    @usableFromInline var nextIsSubparameter = false
    @usableFromInline var intermediates = Intermediates()
    @usableFromInline var privateMarker: UInt8 = 0
    @usableFromInline var ignoring = false

    // OSC / DCS string bookkeeping.
    @usableFromInline var stringBuffer: [UInt8] = []
    @usableFromInline var stringLength = 0
    @usableFromInline var stringOverflowed = false

    // Partial UTF-8 sequence in the ground state.
    @usableFromInline var utf8Value: UInt32 = 0
    @usableFromInline var utf8Remaining: UInt8 = 0
    /// The smallest value the sequence may encode (larger forms are overlong).
    @usableFromInline var utf8Minimum: UInt32 = 0

    /// Creates a parser in the ground state.
    public init() {
        stringBuffer.reserveCapacity(256)
    }

    /// Feeds bytes; the receiver gets the actions they complete.
    public mutating func advance<R: ParserReceiver>(_ bytes: UnsafeBufferPointer<UInt8>, into receiver: inout R) {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return }
        var index = 0
        while index < count {
            let byte = base[index]
            if state == .ground {
                if utf8Remaining == 0 && byte >= 0x20 && byte < 0x7F {
                    // Fast path: a run of printable ASCII goes to the receiver at once.
                    let end = Parser.endOfPrintableASCII(base, from: index + 1, count: count)
                    receiver.printASCII(UnsafeBufferPointer(start: base + index, count: end - index))
                    index = end
                    continue
                }
                if byte >= 0xC0 {
                    receiver.willDecode(at: base + index)
                } else if byte == 0x1B {
                    receiver.willStartSequence(at: base + index)
                }
                advanceGround(byte, into: &receiver)
            } else {
                advanceSequence(byte, into: &receiver)
            }
            index += 1
        }
    }

    /// Feeds bytes from an array.
    public mutating func advance<R: ParserReceiver>(_ bytes: [UInt8], into receiver: inout R) {
        bytes.withUnsafeBufferPointer { advance($0, into: &receiver) }
    }

    /// The index of the first byte at or after `start` that is not printable ASCII
    /// (0x20…0x7E), or `count`; eight bytes at a time.
    @inline(__always)
    static func endOfPrintableASCII(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // A byte below 0x20, or at or above 0x7F (after adding 1 its top bit is set).
            let below = (word &- ones &* 0x20) & ~word & highs
            let above = ((word &+ ones) | word) & highs
            if below | above != 0 { break }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte < 0x20 || byte >= 0x7F { break }
            index += 1
        }
        return index
    }

    // MARK: - Ground state and UTF-8

    @inline(__always)
    mutating func advanceGround<R: ParserReceiver>(_ byte: UInt8, into receiver: inout R) {
        if utf8Remaining != 0 {
            if byte & 0xC0 == 0x80 {
                utf8Value = utf8Value << 6 | UInt32(byte & 0x3F)
                utf8Remaining -= 1
                if utf8Remaining == 0 {
                    // Overlong forms, surrogates and values above U+10FFFF: one U+FFFD.
                    let valid = utf8Value >= utf8Minimum
                    receiver.print(valid ? Unicode.Scalar(utf8Value) ?? "\u{FFFD}" : "\u{FFFD}")
                }
                return
            }
            // A sequence cut short: one U+FFFD, then this byte anew.
            utf8Remaining = 0
            receiver.print("\u{FFFD}")
        }
        switch byte {
        case 0x00...0x17, 0x19, 0x1C...0x1F:
            receiver.execute(byte)
        case 0x1B:
            enterEscape()
        case 0x18, 0x1A:
            receiver.execute(byte)
        case 0x20...0x7E:
            receiver.print(Unicode.Scalar(byte))
        case 0x7F:
            break  // DEL is ignored
        // As xterm: the lead byte gives the length (up to the old 6-byte forms), every
        // continuation byte is taken, and a complete but invalid value is one U+FFFD.
        case 0xC0...0xDF:
            startUTF8(UInt32(byte & 0x1F), remaining: 1, minimum: 0x80)
        case 0xE0...0xEF:
            startUTF8(UInt32(byte & 0x0F), remaining: 2, minimum: 0x800)
        case 0xF0...0xF7:
            startUTF8(UInt32(byte & 0x07), remaining: 3, minimum: 0x10000)
        case 0xF8...0xFB:
            startUTF8(UInt32(byte & 0x03), remaining: 4, minimum: 0x20_0000)
        case 0xFC...0xFD:
            startUTF8(UInt32(byte & 0x01), remaining: 5, minimum: 0x400_0000)
        default:
            // A stray continuation byte, 0xFE or 0xFF.
            receiver.print("\u{FFFD}")
        }
    }

    @inline(__always)
    mutating func startUTF8(_ value: UInt32, remaining: UInt8, minimum: UInt32) {
        utf8Value = value
        utf8Remaining = remaining
        utf8Minimum = minimum
    }

    // MARK: - Escape, control, device control and string states

    mutating func advanceSequence<R: ParserReceiver>(_ byte: UInt8, into receiver: inout R) {
        // "Anywhere" transitions of the diagram.
        switch byte {
        case 0x18, 0x1A:
            // CAN, SUB: abort the sequence (a DCS is unhooked).
            if state == .dcsPassthrough { receiver.unhook() }
            receiver.execute(byte)
            state = .ground
            return
        case 0x1B:
            endString(into: &receiver, bellTerminated: false)
            enterEscape()
            return
        default:
            break
        }
        switch state {
        case .ground:
            advanceGround(byte, into: &receiver)

        case .escape:
            switch byte {
            case 0x00...0x17, 0x19, 0x1C...0x1F: receiver.execute(byte)
            case 0x20...0x2F: collect(byte); state = .escapeIntermediate
            case 0x5B: enterCSI()  // [
            case 0x5D: enterString(.oscString)  // ]
            case 0x50: clearSequence(); state = .dcsEntry  // P
            case 0x58, 0x5E, 0x5F: enterString(.sosPmApcString)  // X ^ _
            case 0x30...0x7E:
                receiver.escDispatch(intermediates, final: byte, ignore: ignoring)
                state = .ground
            default: break  // DEL and bytes above 0x7F are ignored
            }

        case .escapeIntermediate:
            switch byte {
            case 0x00...0x17, 0x19, 0x1C...0x1F: receiver.execute(byte)
            case 0x20...0x2F: collect(byte)
            case 0x30...0x7E:
                receiver.escDispatch(intermediates, final: byte, ignore: ignoring)
                state = .ground
            default: break
            }

        case .csiEntry:
            switch byte {
            case 0x00...0x17, 0x19, 0x1C...0x1F: receiver.execute(byte)
            case 0x20...0x2F: collect(byte); state = .csiIntermediate
            case 0x30...0x39: digit(byte); state = .csiParam
            case 0x3A: separator(subparameter: true); state = .csiParam
            case 0x3B: separator(subparameter: false); state = .csiParam
            case 0x3C...0x3F: privateMarker = byte; state = .csiParam
            case 0x40...0x7E: dispatchCSI(byte, into: &receiver)
            default: break
            }

        case .csiParam:
            switch byte {
            case 0x00...0x17, 0x19, 0x1C...0x1F: receiver.execute(byte)
            case 0x30...0x39: digit(byte)
            case 0x3A: separator(subparameter: true)
            case 0x3B: separator(subparameter: false)
            case 0x3C...0x3F: state = .csiIgnore
            case 0x20...0x2F: collect(byte); state = .csiIntermediate
            case 0x40...0x7E: dispatchCSI(byte, into: &receiver)
            default: break
            }

        case .csiIntermediate:
            switch byte {
            case 0x00...0x17, 0x19, 0x1C...0x1F: receiver.execute(byte)
            case 0x20...0x2F: collect(byte)
            case 0x30...0x3F: state = .csiIgnore
            case 0x40...0x7E: dispatchCSI(byte, into: &receiver)
            default: break
            }

        case .csiIgnore:
            switch byte {
            case 0x00...0x17, 0x19, 0x1C...0x1F: receiver.execute(byte)
            case 0x40...0x7E: state = .ground
            default: break
            }

        case .dcsEntry:
            switch byte {
            case 0x20...0x2F: collect(byte); state = .dcsIntermediate
            case 0x30...0x39: digit(byte); state = .dcsParam
            case 0x3A: separator(subparameter: true); state = .dcsParam
            case 0x3B: separator(subparameter: false); state = .dcsParam
            case 0x3C...0x3F: privateMarker = byte; state = .dcsParam
            case 0x40...0x7E: hook(byte, into: &receiver)
            default: break
            }

        case .dcsParam:
            switch byte {
            case 0x30...0x39: digit(byte)
            case 0x3A: separator(subparameter: true)
            case 0x3B: separator(subparameter: false)
            case 0x3C...0x3F: state = .dcsIgnore
            case 0x20...0x2F: collect(byte); state = .dcsIntermediate
            case 0x40...0x7E: hook(byte, into: &receiver)
            default: break
            }

        case .dcsIntermediate:
            switch byte {
            case 0x20...0x2F: collect(byte)
            case 0x30...0x3F: state = .dcsIgnore
            case 0x40...0x7E: hook(byte, into: &receiver)
            default: break
            }

        case .dcsPassthrough:
            switch byte {
            case 0x7F: break
            default:
                if stringLength < Parser.maximumStringLength {
                    stringLength += 1
                    receiver.put(byte)
                }
            }

        case .dcsIgnore:
            break  // until ST

        case .oscString:
            switch byte {
            case 0x07: endString(into: &receiver, bellTerminated: true); state = .ground
            case 0x00...0x1F: break
            default:
                if stringLength < Parser.maximumStringLength {
                    stringBuffer.append(byte)
                    stringLength += 1
                } else {
                    stringOverflowed = true
                }
            }

        case .sosPmApcString:
            break  // until ST (xterm does not end these on BEL)
        }
    }

    // MARK: - Actions

    @inline(__always)
    mutating func enterEscape() {
        state = .escape
        clearSequence()
    }

    @inline(__always)
    mutating func enterCSI() {
        clearSequence()
        state = .csiEntry
    }

    @inline(__always)
    mutating func clearSequence() {
        parameters.removeAll()
        currentParameter = 0
        parameterStarted = false
        nextIsSubparameter = false
        intermediates = Intermediates()
        privateMarker = 0
        ignoring = false
    }

    mutating func enterString(_ newState: State) {
        state = newState
        stringBuffer.removeAll(keepingCapacity: stringBuffer.capacity <= 4096)
        stringLength = 0
        stringOverflowed = false
    }

    /// Leaves a string state on ESC: an OSC is dispatched (ST is ESC `\`), a DCS unhooked.
    @inline(__always)
    mutating func endString<R: ParserReceiver>(into receiver: inout R, bellTerminated: Bool) {
        switch state {
        case .oscString:
            if !stringOverflowed {
                stringBuffer.withUnsafeBufferPointer {
                    receiver.oscDispatch($0, bellTerminated: bellTerminated)
                }
            }
            stringBuffer.removeAll(keepingCapacity: stringBuffer.capacity <= 4096)
        case .dcsPassthrough:
            receiver.unhook()
        case .ground:
            // ESC in the middle of a UTF-8 sequence: the partial sequence is one bad one.
            if utf8Remaining != 0 {
                utf8Remaining = 0
                receiver.print("\u{FFFD}")
            }
        default:
            break
        }
    }

    @inline(__always)
    mutating func collect(_ byte: UInt8) {
        if !intermediates.append(byte) { ignoring = true }
    }

    @inline(__always)
    mutating func digit(_ byte: UInt8) {
        parameterStarted = true
        currentParameter = min(currentParameter &* 10 &+ UInt32(byte &- 0x30), UInt32(Parameters.maximumValue))
    }

    @inline(__always)
    mutating func separator(subparameter: Bool) {
        // When the list is full, separators are dropped and the digits that follow run on
        // into the last parameter (as xterm does), so no further parameter is added.
        guard parameters.count < Parameters.capacity - 1 else { return }
        parameters.append(UInt16(currentParameter), isSubparameter: nextIsSubparameter)
        currentParameter = 0
        parameterStarted = true
        nextIsSubparameter = subparameter
    }

    @inline(__always)
    mutating func finishParameters() {
        if parameterStarted {
            parameters.append(UInt16(currentParameter), isSubparameter: nextIsSubparameter)
        }
    }

    mutating func dispatchCSI<R: ParserReceiver>(_ final: UInt8, into receiver: inout R) {
        finishParameters()
        state = .ground
        receiver.csiDispatch(
            ControlSequence(
                parameters: parameters, intermediates: intermediates,
                privateMarker: privateMarker, final: final, ignore: ignoring))
    }

    mutating func hook<R: ParserReceiver>(_ final: UInt8, into receiver: inout R) {
        finishParameters()
        state = .dcsPassthrough
        stringLength = 0
        receiver.hook(
            ControlSequence(
                parameters: parameters, intermediates: intermediates,
                privateMarker: privateMarker, final: final, ignore: ignoring))
    }
}
