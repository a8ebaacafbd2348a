import Testing
import VeilYAML
import Yams

/// The one YAML reader behind rules files and scenarios: core-schema booleans, unknown keys
/// with suggestions, limits and positions.
struct YAMLNodeReaderTests {
    let reader = YAMLNodeReader(quote: "\"", syntaxLabel: "invalid YAML")

    private func value(_ yaml: String) throws -> Node {
        let root = try #require(try reader.compose(yaml))
        return try #require(root.mapping?.first?.value)
    }

    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false),
    ])
    func coreSchemaBooleansAreRead(text: String, expected: Bool) throws {
        #expect(try reader.bool(try value("k: \(text)\n"), "k") == expected)
    }

    @Test(arguments: [("on", "true"), ("off", "false"), ("yes", "true"), ("No", "false"), ("y", "true")])
    func yaml11BooleansAreRefusedWithWhatToWrite(text: String, meant: String) throws {
        let node = try value("k: \(text)\n")
        #expect(
            throws: YAMLError(
                line: 1, column: 4,
                message: "k must be true or false, not \"\(text)\" (YAML 1.2 booleans; write \(meant))")
        ) {
            try reader.bool(node, "k")
        }
    }

    @Test func quotedTrueIsAStringNotABoolean() throws {
        #expect(throws: YAMLError(line: 1, column: 4, message: "k must be true or false, not a string")) {
            try reader.bool(try value("k: \"true\"\n"), "k")
        }
    }

    @Test func unknownKeySuggestsTheNearestKnownOne() throws {
        let root = try #require(try reader.compose("name: a\nscren: b\n"))
        #expect(
            throws: YAMLError(
                line: 2, column: 1, message: "unknown key \"scren\" in the scenario (did you mean \"screen\"?)")
        ) {
            try reader.entries(root, "the scenario", known: ["name", "screen"])
        }
    }

    @Test func unknownKeyFarFromEveryKnownOneListsThem() throws {
        let root = try #require(try reader.compose("zzzzzz: 1\n"))
        #expect(
            throws: YAMLError(line: 1, column: 1, message: "unknown key \"zzzzzz\" in policy; expected one of: a, b")
        ) {
            try reader.checkKeys(try reader.mapping(root, "policy"), known: ["a", "b"], in: "policy")
        }
    }

    @Test func syntaxErrorsDuplicateKeysAndLimitsHavePositions() throws {
        #expect(throws: YAMLError(line: 2, column: 1, message: "invalid YAML: did not find expected ',' or ']'")) {
            try reader.compose("k: [a\n")
        }
        #expect(
            throws: YAMLError(line: 1, column: 1, message: "duplicate key \"k\" (keys of a mapping must be unique)")
        ) {
            try reader.compose("k: 1\nk: 2\n")
        }
        let deep = String(repeating: "[", count: YAMLDocumentLimits.maximumDepth + 1)
        #expect(throws: YAMLError.self) { try reader.compose(deep) }
        #expect(try reader.compose("") == nil)
    }

    @Test func scalarsHaveOneWordingForWrongTypes() throws {
        #expect(throws: YAMLError(line: 1, column: 4, message: "k must be an integer, not a string")) {
            try reader.int(try value("k: ten\n"), "k")
        }
        #expect(throws: YAMLError(line: 1, column: 4, message: "k must be a string, not nothing (null)")) {
            try reader.string(try value("k: ~\n"), "k")
        }
        #expect(throws: YAMLError(line: 1, column: 4, message: "k must be a list of strings, not a mapping")) {
            try reader.stringList(try value("k: {a: 1}\n"), "k")
        }
    }

    @Test func suggestionDistance() {
        #expect(KeySuggestion.distance("regx", "regex") == 1)
        #expect(KeySuggestion.distance("", "abc") == 3)
        #expect(KeySuggestion.distance("abc", "") == 3)
        // Two neighbours swapped are one edit, so `scna` is nearer `scan` than `snap`.
        #expect(KeySuggestion.distance("scna", "scan") == 1)
        #expect(KeySuggestion.distance("scna", "snap") == 2)
        #expect(KeySuggestion.distance("kitten", "sitting") == 3)
        #expect(KeySuggestion.nearest("scna", in: ["snap", "scan"]) == "scan")
        #expect(KeySuggestion.nearest("SEVERTY", in: ["severity", "style"]) == "severity")
        #expect(KeySuggestion.nearest("colour", in: ["row", "width"]) == nil)
    }
}
