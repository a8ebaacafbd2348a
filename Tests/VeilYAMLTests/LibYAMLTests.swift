import Testing
import VeilYAML

/// CLibYAML declares libyaml from the system's header while the code is Yams' copy of
/// libyaml (Package.swift): the two must be the same library (0.2.x), or the event
/// structures the limits read would be laid out differently from the ones the parser fills,
/// and every position and size below would come out wrong. (Yams' copy leaves out
/// `yaml_get_version`, so the agreement is checked on what the limits read.)
@Suite struct LibYAMLTests {
    /// Events read through the header's structures carry the right positions and sizes.
    @Test func eventsReadThroughTheHeaderAreWhereTheTextPutsThem() {
        let nested = "a:\n" + (1...40).map { String(repeating: "  ", count: $0) + "- \($0):" }.joined(separator: "\n")
        let violation = YAMLDocumentLimits.check(nested, maximumDepth: 4)
        #expect(violation?.message == "lists and mappings nest more than 4 deep")
        // `a:` opens a mapping (1), `  - 1:` a list and a mapping (2, 3), `    - 2:` the next
        // list (4) and the fifth level, on line 3, column 7.
        #expect(violation?.line == 3 && violation?.column == 7)
        let bytes = YAMLDocumentLimits.check("k: " + String(repeating: "x", count: 100), maximumExpandedBytes: 50)
        #expect(bytes?.line == 1 && bytes?.column == 4)
    }
}
