@testable import VeilScreen

/// One parser action, recorded for comparison (as vte's tests do).
enum Action: Equatable, CustomStringConvertible {
    case print(String)
    case execute(UInt8)
    case csi(params: [[Int]], intermediates: [UInt8], marker: Character?, final: Character, ignore: Bool)
    case esc(intermediates: [UInt8], final: Character, ignore: Bool)
    case osc(String, bell: Bool)
    case hook(params: [[Int]], intermediates: [UInt8], marker: Character?, final: Character)
    case put(UInt8)
    case unhook

    var description: String {
        switch self {
        case .print(let text): return "print(\(text.debugDescription))"
        case .execute(let byte): return "execute(0x\(String(byte, radix: 16)))"
        case let .csi(params, intermediates, marker, final, ignore):
            return "csi(\(params), \(intermediates), \(marker.map(String.init) ?? "-"), \(final), ignore: \(ignore))"
        case let .esc(intermediates, final, ignore): return "esc(\(intermediates), \(final), ignore: \(ignore))"
        case let .osc(text, bell): return "osc(\(text.debugDescription), bell: \(bell))"
        case let .hook(params, intermediates, marker, final): return "hook(\(params), \(intermediates), \(marker.map(String.init) ?? "-"), \(final))"
        case .put(let byte): return "put(0x\(String(byte, radix: 16)))"
        case .unhook: return "unhook"
        }
    }
}

/// A receiver that records every action; consecutive prints merge into one string.
struct ActionRecorder: ParserReceiver {
    var actions: [Action] = []

    mutating func print(_ scalar: Unicode.Scalar) {
        if case .print(let text)? = actions.last {
            actions[actions.count - 1] = .print(text + String(scalar))
        } else {
            actions.append(.print(String(scalar)))
        }
    }

    mutating func execute(_ byte: UInt8) { actions.append(.execute(byte)) }

    mutating func csiDispatch(_ sequence: ControlSequence) {
        actions.append(.csi(
            params: sequence.parameters.groups, intermediates: bytes(sequence.intermediates),
            marker: sequence.privateMarker == 0 ? nil : Character(Unicode.Scalar(sequence.privateMarker)),
            final: Character(Unicode.Scalar(sequence.final)), ignore: sequence.ignore))
    }

    mutating func escDispatch(_ intermediates: Intermediates, final: UInt8, ignore: Bool) {
        actions.append(.esc(intermediates: bytes(intermediates), final: Character(Unicode.Scalar(final)), ignore: ignore))
    }

    mutating func oscDispatch(_ payload: UnsafeBufferPointer<UInt8>, bellTerminated: Bool) {
        actions.append(.osc(String(decoding: payload, as: UTF8.self), bell: bellTerminated))
    }

    mutating func hook(_ sequence: ControlSequence) {
        actions.append(.hook(
            params: sequence.parameters.groups, intermediates: bytes(sequence.intermediates),
            marker: sequence.privateMarker == 0 ? nil : Character(Unicode.Scalar(sequence.privateMarker)),
            final: Character(Unicode.Scalar(sequence.final))))
    }

    mutating func put(_ byte: UInt8) { actions.append(.put(byte)) }
    mutating func unhook() { actions.append(.unhook) }

    private func bytes(_ intermediates: Intermediates) -> [UInt8] {
        [intermediates.first, intermediates.second].filter { $0 != 0 }
    }
}

/// The actions for `input` fed in one piece.
func parse(_ input: String) -> [Action] {
    parse(Array(input.utf8))
}

func parse(_ bytes: [UInt8]) -> [Action] {
    var parser = Parser()
    var recorder = ActionRecorder()
    parser.advance(bytes, into: &recorder)
    return recorder.actions
}

/// The actions for `bytes` fed in the given pieces.
func parse(_ bytes: [UInt8], splitAt cuts: [Int]) -> [Action] {
    var parser = Parser()
    var recorder = ActionRecorder()
    var start = 0
    for cut in cuts + [bytes.count] {
        parser.advance(Array(bytes[start..<cut]), into: &recorder)
        start = cut
    }
    return recorder.actions
}
