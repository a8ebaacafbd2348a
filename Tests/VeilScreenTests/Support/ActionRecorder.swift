@testable import VeilScreen

/// The parser tests' names for VeilScreen's public action recorder.
typealias Action = ParserAction
typealias ActionRecorder = ParserActionRecorder

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
