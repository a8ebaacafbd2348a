/// A ``ParserReceiver`` that records every action as a ``ParserAction`` instead of acting on
/// it: what a parser test compares, and what `veil screen --actions` prints. Consecutive
/// prints merge into one action.
///
/// ```swift
/// var parser = Parser()
/// var recorder = ParserActionRecorder()
/// parser.advance(Array("\u{1B}[1;2Hhi".utf8), into: &recorder)
/// print(recorder.log)   // csi_dispatch params=1;2 final='H'\nprint "hi"\n
/// ```
public struct ParserActionRecorder: ParserReceiver, Sendable {
    /// Every action so far, in order.
    public var actions: [ParserAction] = []

    /// An empty recorder.
    public init() {}

    /// The actions, one line each (``ParserAction/description``), each ending in a newline.
    public var log: String { actions.map { $0.description + "\n" }.joined() }

    public mutating func print(_ scalar: Unicode.Scalar) {
        if case .print(let text)? = actions.last {
            actions[actions.count - 1] = .print(text + String(scalar))
        } else {
            actions.append(.print(String(scalar)))
        }
    }

    public mutating func execute(_ byte: UInt8) { actions.append(.execute(byte)) }

    public mutating func csiDispatch(_ sequence: ControlSequence) {
        actions.append(
            .csi(
                params: sequence.parameters.groups, intermediates: Self.bytes(sequence.intermediates),
                marker: Self.marker(sequence), final: Character(Unicode.Scalar(sequence.final)), ignore: sequence.ignore
            ))
    }

    public mutating func escDispatch(_ intermediates: Intermediates, final: UInt8, ignore: Bool) {
        actions.append(
            .esc(intermediates: Self.bytes(intermediates), final: Character(Unicode.Scalar(final)), ignore: ignore))
    }

    public mutating func oscDispatch(_ payload: UnsafeBufferPointer<UInt8>, bellTerminated: Bool) {
        actions.append(.osc(String(decoding: payload, as: UTF8.self), bell: bellTerminated))
    }

    public mutating func hook(_ sequence: ControlSequence) {
        actions.append(
            .hook(
                params: sequence.parameters.groups, intermediates: Self.bytes(sequence.intermediates),
                marker: Self.marker(sequence), final: Character(Unicode.Scalar(sequence.final))))
    }

    public mutating func put(_ byte: UInt8) { actions.append(.put(byte)) }

    public mutating func unhook() { actions.append(.unhook) }

    private static func bytes(_ intermediates: Intermediates) -> [UInt8] {
        [intermediates.first, intermediates.second].filter { $0 != 0 }
    }

    private static func marker(_ sequence: ControlSequence) -> Character? {
        sequence.privateMarker == 0 ? nil : Character(Unicode.Scalar(sequence.privateMarker))
    }
}
