import Testing
@testable import Veil

@Test func version2RecordingGivesSizeOutputAndResizesUpToATime() throws {
    let text = """
        {"version": 2, "width": 20, "height": 5, "timestamp": 1700000000}
        [0.5, "o", "hello "]
        [1.0, "i", "q"]
        [1.5, "r", "30x6"]
        [2.25, "o", "\\u001b[1mworld"]
        """
    let cast = try Asciicast(bytes: Array(text.utf8), path: "a.cast")
    #expect(cast.version == 2 && cast.cols == 20 && cast.rows == 5)
    #expect(cast.duration == 2.25)
    #expect(cast.steps(until: 1.5).map(\.kind) == [.output(Array("hello ".utf8)), .resize(cols: 30, rows: 6)])
    #expect(cast.steps().count == 3)
    #expect(cast.steps().last?.kind == .output(Array("\u{1B}[1mworld".utf8)))
}

@Test func version3RecordingUsesIntervals() throws {
    let text = """
        {"version": 3, "term": {"cols": 80, "rows": 24}}
        [0.5, "o", "a"]
        [0.25, "o", "b"]
        [1.0, "x", "0"]
        """
    let cast = try Asciicast(bytes: Array(text.utf8), path: "b.cast")
    #expect(cast.events.map(\.time) == [0.5, 0.75, 1.75])
    #expect(cast.steps(until: 0.6).count == 1)
}

@Test(arguments: [
    ("", "a.cast:1:1: empty asciicast"),
    ("{\"version\": 1}\n", "a.cast:1:1: unsupported asciicast version 1"),
    ("{\"version\": 2, \"width\": 0, \"height\": 5}\n", "a.cast:1:1: asciicast header needs positive"),
    ("{\"version\": 2, \"width\": 10, \"height\": 5}\n[0.1, \"o\"]\n", "a.cast:2:1: event must be a JSON array"),
    ("{\"version\": 2, \"width\": 10, \"height\": 5}\n\n[0.1, \"o\", \"x\"]\nnot json\n", "a.cast:4:1: invalid JSON"),
    (
        "{\"version\": 2, \"width\": 10, \"height\": 5}\n[2, \"o\", \"x\"]\n[1, \"o\", \"y\"]\n",
        "a.cast:3:2: event time 1.0 goes back"
    ),
    ("{\"version\": 2, \"width\": 10, \"height\": 5}\n[1, \"r\", \"wide\"]\n", "a.cast:2:1: resize event needs"),
])
func badRecordingsNameLineAndColumn(text: String, expected: String) {
    #expect {
        _ = try Asciicast(bytes: Array(text.utf8), path: "a.cast")
    } throws: { error in
        let description = (error as? InputError)?.description ?? ""
        return description.hasPrefix(expected)
    }
}
