import Foundation
import Testing
@testable import VeilMedia

/// The XML reader of files from strangers: well-formed documents read with every place
/// known; anything that would expand, fetch or nest without bound refused, quickly.
@Suite struct XMLReaderTests {
    static func read(_ text: String) throws(XMLReader.Failure) -> XMLDocument {
        try XMLReader.read(Array(text.utf8))
    }

    @Test func elementsAttributesAndTextWithTheirSources() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- made by hand -->
            <svg a="1 &amp; 2" b='x'>
              <text x="0">a &lt;b&gt; &#x41;&#66;é</text><![CDATA[raw <text>]]>
            </svg>
            """
        let document = try Self.read(text)
        #expect(document.root.name == "svg")
        #expect(document.root[attribute: "a"] == "1 & 2")
        #expect(document.outerComments.first?.text == " made by hand ")
        let textElement = try #require(document.elements.first { $0.name == "text" })
        guard case .text(let run) = textElement.children[0] else {
            Issue.record("no text")
            return
        }
        #expect(run.text == "a <b> ABé")
        let bytes = Array(text.utf8)
        // Each character's source: "&lt;" for <, "&#x41;" for A, the two bytes of é.
        #expect(String(decoding: bytes[run.sourceRange(ofScalar: 2)], as: UTF8.self) == "&lt;")
        #expect(String(decoding: bytes[run.sourceRange(ofScalar: 6)], as: UTF8.self) == "&#x41;")
        #expect(String(decoding: bytes[run.sourceRange(ofScalar: 8)], as: UTF8.self) == "é")
        #expect(document.place(of: run.starts[0]) == (4, 15) as (Int, Int))
        #expect(document.textContent(of: 0).contains("raw <text>"))
    }

    @Test func entityExpansionIsRefused() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
              <!ENTITY lol "lol">
              <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
            ]>
            <svg><text>&lol2;</text></svg>
            """
        let failure = #expect(throws: XMLReader.Failure.self) { try Self.read(laughs) }
        #expect(failure?.line == 2)
        #expect(failure?.message.contains("does not expand") == true)
        let external = """
            <!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg><text>&xxe;</text></svg>
            """
        #expect(throws: XMLReader.Failure.self) { try Self.read(external) }
        let undeclared = #expect(throws: XMLReader.Failure.self) { try Self.read("<svg>\n  <text>&xxe;</text></svg>") }
        #expect(undeclared.map { ($0.line, $0.column) } ?? (0, 0) == (2, 9))
    }

    @Test func anExternalDTDIsNeverFetched() throws {
        // The public SVG 1.1 DTD, by its URL: read without it (there is no network in tests,
        // and nothing is fetched either way).
        let document = try Self.read(
            """
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg><text>ok</text></svg>
            """)
        #expect(document.textContent(of: 0) == "ok")
    }

    @Test func malformedDocumentsAreRefusedWithTheirPlace() {
        let cases: [(String, Int, Int)] = [
            ("<svg><text>x</svg>", 1, 13), ("<svg a=1/>", 1, 8), ("<svg a='1' a='2'/>", 1, 12),
            ("<svg>\n<g>", 2, 1), ("<svg/><svg/>", 1, 7), ("<svg>&bogus</svg>", 1, 6), ("text", 1, 1),
        ]
        for (text, line, column) in cases {
            let failure = #expect(throws: XMLReader.Failure.self, "\(text)") { try Self.read(text) }
            #expect(failure.map { [$0.line, $0.column] } == [line, column], "\(text): \(String(describing: failure))")
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "<g>", count: 100_000) + String(repeating: "</g>", count: 100_000)
        let start = ContinuousClock.now
        #expect(throws: XMLReader.Failure.self) { try Self.read("<svg>" + deep + "</svg>") }
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
