import Testing
import VeilYAML

/// Issue #21: the alias limit counts the bytes an alias expands to, not only nodes, so one
/// large scalar aliased thousands of times is refused before anything expands it.
@Suite struct ExpandedBytesTests {
    @Test func aliasesCountTheBytesTheyExpandTo() {
        let big = String(repeating: "x", count: 1_000_000)
        let bomb = "a: &a \"\(big)\"\nb: [" + Array(repeating: "*a", count: 9).joined(separator: ", ") + "]\n"
        let violation = YAMLDocumentLimits.check(bomb)
        #expect(violation?.message == "the document expands to more than 8 MiB of text (aliases count as copies)")
        #expect(violation?.line == 2)
        // Eight copies fit (9 MB with the anchor itself does not).
        let fits = "a: &a \"\(big)\"\nb: [" + Array(repeating: "*a", count: 6).joined(separator: ", ") + "]\n"
        #expect(YAMLDocumentLimits.check(fits) == nil)
    }
}
