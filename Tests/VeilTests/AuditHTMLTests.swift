import Crypto
import Foundation
import Testing
import VeilRedaction
import VeilRender
import VeilTestSupport

@testable import Veil

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML report (issue 33): a page that parses, one entry per finding, nothing fetched,
/// frames that decode, outlines on exactly the hidden cells, and no planted value anywhere in
/// the file (raw, escaped, or in base64).
@Suite struct AuditHTMLTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// An audit of `paths` in `folder` with frames, as `--format html` runs it.
    static func audit(_ paths: [String], in folder: String, cols: Int? = nil) async -> AuditReport {
        var options = AuditOptions(
            paths: paths, cols: cols, jobs: 1, currentFolder: folder, tool: RecordingChannelTests.tool, timing: false)
        options.frames = true
        return await AuditEngine(options: options).run().report
    }

    /// The audit suite's scenarios and screens, and the recording with one of each planted kind.
    static func richAudit() async throws -> (report: AuditReport, folder: String) {
        let folder = try AuditEngineTests.suiteCopy()
        try FileManager.default.copyItem(
            atPath: fixtures.appendingPathComponent("media/planted.cast").path, toPath: folder + "/planted.cast")
        return (await audit(["."], in: folder), folder)
    }

    static func page(_ report: AuditReport, command: String? = nil) -> String {
        HTMLAuditReporter.report(report, options: AuditReportOptions(command: command))
    }

    // MARK: Structure

    /// The elements of a page as an XML parser reads them (the page is XHTML-compatible).
    final class Elements: NSObject, XMLParserDelegate {
        struct Element {
            var name: String
            var attributes: [String: String]
            var ancestors: [String]
            var text = ""
        }
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(
                Element(name: name, attributes: attributes, ancestors: open.dropLast().map { elements[$0].name }))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let last = open.last { elements[last].text += string }
        }

        static func parse(_ page: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Elements {
            let elements = Elements()
            let parser = XMLParser(data: Data(page.utf8))
            parser.delegate = elements
            let parsed = parser.parse()
            #expect(
                parsed, "the page is not well-formed: \(String(describing: parser.parserError))",
                sourceLocation: sourceLocation)
            return elements
        }

        func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }
        func classed(_ name: String, _ cssClass: String) -> [Element] {
            named(name).filter { ($0.attributes["class"] ?? "").split(separator: " ").contains(Substring(cssClass)) }
        }
    }

    /// Elements an HTML5 parser closes a `<p>` before (so a page that nests them in one would
    /// not be read as written).
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figure", "footer", "form",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul",
    ]
    /// HTML elements written `<x />`: the void elements. Inside `<svg>`, any element may be.
    static let voidElements: Set<String> = ["meta", "input", "br", "img", "hr", "link", "col", "wbr", "source"]

    /// The checks every page passes: well-formed, HTML5-safe nesting, one `<article>` per
    /// finding with unique ids, every in-page link resolving, nothing fetched.
    static func checkStructure(_ page: String, report: AuditReport, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"), sourceLocation: sourceLocation)
        let elements = try Elements.parse(page, sourceLocation: sourceLocation)
        #expect(elements.elements.first?.name == "html", sourceLocation: sourceLocation)
        #expect(elements.classed("article", "finding").count == report.findings.count, sourceLocation: sourceLocation)
        let ids = elements.elements.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "duplicate ids", sourceLocation: sourceLocation)
        for element in elements.elements {
            if element.ancestors.contains("p") {
                #expect(
                    !blockElements.contains(element.name), "<\(element.name)> inside <p>",
                    sourceLocation: sourceLocation)
            }
            for name in ["href", "src", "xlink:href", "action", "formaction", "poster", "background"] {
                guard let value = element.attributes[name] else { continue }
                if value.hasPrefix("#") {
                    #expect(
                        ids.contains(String(value.dropFirst())), "dangling \(value)", sourceLocation: sourceLocation)
                } else {
                    #expect(
                        element.name == "image" && value.hasPrefix("data:image/png;base64,"),
                        "\(element.name) \(name)=\(value.prefix(40))", sourceLocation: sourceLocation)
                }
            }
            #expect(
                element.attributes["srcset"] == nil && element.attributes["ping"] == nil, sourceLocation: sourceLocation
            )
            #expect(
                !["link", "iframe", "object", "embed", "img", "base", "form", "audio", "video"].contains(element.name),
                "<\(element.name)>", sourceLocation: sourceLocation)
            #expect(
                !element.attributes.keys.contains { $0.hasPrefix("on") }, "an inline handler",
                sourceLocation: sourceLocation)
        }
        // Only void HTML elements and SVG's are written self-closed.
        let selfClosed = try Regex(#"<([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*/>"#)
        let svgElements: Set<String> = ["rect", "use", "image", "path", "line", "circle"]
        for match in page.matches(of: selfClosed) {
            let name = String(page[match.range].dropFirst().prefix { $0.isLetter || $0.isNumber })
            #expect(
                voidElements.contains(name) || svgElements.contains(name), "<\(name) />", sourceLocation: sourceLocation
            )
        }
        // One style, one script; the policy allows exactly them, and fetches nothing.
        let styles = elements.named("style")
        let scripts = elements.named("script")
        #expect(styles.count == 1 && scripts.count == 1, sourceLocation: sourceLocation)
        let policy = try #require(
            elements.named("meta").first { $0.attributes["http-equiv"] == "Content-Security-Policy" }?.attributes[
                "content"], sourceLocation: sourceLocation)
        let directives = Dictionary(
            uniqueKeysWithValues: policy.split(separator: ";").map { directive in
                let words = directive.split(separator: " ").map(String.init)
                return (words[0], Array(words.dropFirst()))
            })
        #expect(directives["default-src"] == ["'none'"], sourceLocation: sourceLocation)
        #expect(directives["img-src"] == ["data:"], sourceLocation: sourceLocation)
        #expect(
            directives["base-uri"] == ["'none'"] && directives["form-action"] == ["'none'"],
            sourceLocation: sourceLocation)
        func hash(_ text: String) -> String {
            "'sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString() + "'"
        }
        #expect(directives["style-src"] == [hash(styles[0].text)], sourceLocation: sourceLocation)
        #expect(directives["script-src"] == [hash(scripts[0].text)], sourceLocation: sourceLocation)
        #expect(!styles[0].text.contains("url(") && !styles[0].text.contains("@import"), sourceLocation: sourceLocation)
        #expect(
            !page.contains("://") || report.findings.contains { $0.message.contains("://") },
            sourceLocation: sourceLocation)
    }

    @Test func aSampleReportIsAWellFormedPageWithOneEntryPerFinding() throws {
        let report = AuditSamples.rich()
        try Self.checkStructure(Self.page(report, command: "veil audit 'my app/' --format html"), report: report)
        let empty = AuditSamples.rich(findings: [])
        let page = Self.page(empty)
        try Self.checkStructure(page, report: empty)
        #expect(page.contains("No findings."))
    }

    @Test func anAuditOfRecordingsScenariosAndScreensIsAWellFormedPage() async throws {
        let (report, _) = try await Self.richAudit()
        #expect(report.findings.count > 15)
        let page = Self.page(report)
        try Self.checkStructure(page, report: report)
        let elements = try Elements.parse(page)
        // A frame per distinct picture, each embedded once; every finding drawn on a screen has one.
        let images = elements.named("image")
        let distinct = Set(report.findings.compactMap(\.frame?.png))
        #expect(images.count == distinct.count)
        #expect(Set(images.compactMap { $0.attributes["href"] }).count == images.count)
        let framed = report.findings.filter { $0.frame != nil }
        #expect(elements.classed("figure", "frame").count == framed.count)
        #expect(framed.count >= report.findings.filter { $0.exposure != nil || $0.snapshotID != nil }.count - 2)
        // The recording gets a timeline with a mark per exposure and per timed channel value.
        #expect(report.inputs.first { $0.path == "planted.cast" }?.recordingSeconds == 5.7)
        let recorded = report.findings.filter { finding in
            report.inputs.first { $0.path == finding.inputPath }?.recordingSeconds != nil
        }
        let marks = elements.classed("rect", "mark")
        #expect(marks.count == recorded.filter { $0.exposure?.firstSeconds != nil || $0.medium?.seconds != nil }.count)
        #expect(elements.classed("figure", "timeline").count == 2)
        // Scenario snapshots carry the lifecycle log, with the snapshot's own line marked.
        let card = try #require(report.findings.first { $0.ruleID == "card.pan" && $0.snapshotID == "leak-card-0001" })
        let log = try #require(card.log)
        #expect(log.lines[log.focus].contains("snapshot") && log.lines[log.focus].contains("leak-card-0001"))
        #expect(elements.classed("pre", "log").count == report.findings.filter { $0.log != nil }.count)
    }

    // MARK: Frames

    @Test func everyFrameDecodesAndItsOutlineCoversExactlyTheHiddenCells() async throws {
        let (report, _) = try await Self.richAudit()
        let page = Self.page(report)
        let elements = try Elements.parse(page)
        var checked = 0
        for finding in report.findings {
            guard let frame = finding.frame else { continue }
            let bitmap = try PNGDecoder().decode(frame.png)
            #expect(bitmap.width == frame.width && bitmap.height == frame.height)
            for box in finding.outline {
                // Every pixel of the hidden cells is the one mask colour…
                let colour = bitmap.color(x: box.x, y: box.y)
                for y in box.y..<(box.y + box.height) {
                    for x in box.x..<(box.x + box.width) {
                        #expect(bitmap.color(x: x, y: y) == colour, "\(finding.ruleID) at \(x),\(y)")
                    }
                }
                // …and the outline is exactly around them: the column on either side is not all hidden.
                for x in [box.x - 1, box.x + box.width] where x >= 0 && x < bitmap.width {
                    let column = (box.y..<(box.y + box.height)).map { bitmap.color(x: x, y: $0) }
                    #expect(column.contains { $0 != colour }, "\(finding.ruleID): the hidden run goes on at x=\(x)")
                }
                // The page draws the outline one pixel outside the cells.
                #expect(
                    elements.classed("rect", "outline").contains {
                        $0.attributes["x"] == "\(box.x - 1)" && $0.attributes["y"] == "\(box.y - 1)"
                            && $0.attributes["width"] == "\(box.width + 2)"
                            && $0.attributes["height"] == "\(box.height + 2)"
                    })
                checked += 1
            }
        }
        #expect(checked >= 12)
    }

    /// A recording's frame is `veil snap --at T`'s PNG for the moment the value first showed.
    @Test func aRecordingsFrameIsWhatVeilSnapWritesAtThatMoment() async throws {
        let (report, folder) = try await Self.richAudit()
        let input = try CaptureInput.read(path: folder + "/planted.cast")
        let rules = try RuleSet.builtIn
        let snapshotter = try Snapshotter(settings: SnapshotSettings(rules: rules))
        var compared = 0
        for finding in report.findings(inputPath: "planted.cast") {
            guard let frame = finding.frame, let command = frame.command, let time = finding.exposure?.firstSeconds
            else { continue }
            #expect(command == "veil snap planted.cast --at \(time)")
            let picture = try CaptureRedactor(rules: rules).picture(
                of: input, at: time, cols: nil, rows: nil, path: "planted.cast")
            #expect(try snapshotter.png(ofRedacted: picture.screen) == frame.png, "\(finding.ruleID) at \(time)")
            compared += 1
        }
        #expect(compared >= 5)
    }

    // MARK: Secrets

    /// The forms of a value a page must not hold: as written, HTML-escaped, and the base64 of
    /// its UTF-8 at each of the three alignments (so no `data:` URI or attribute carries it).
    static func forms(of value: String) -> [String] {
        var forms = [value, HTMLText.text(value)]
        let compact = value.filter { $0 != " " && $0 != "-" }
        if compact != value && compact.count >= 8 { forms.append(compact) }
        for shift in 0..<3 {
            let encoded = Data((String(repeating: "\u{0}", count: shift) + value).utf8).base64EncodedString()
            // Drop the characters that depend on the bytes before the value and the padding.
            let skip = shift == 0 ? 0 : (shift == 1 ? 2 : 3)
            let core = encoded.dropFirst(skip).dropLast(4)
            if core.count >= 12 { forms.append(String(core)) }
        }
        return forms
    }

    @Test func noPlantedValueIsInThePage() async throws {
        let (report, _) = try await Self.richAudit()
        let page = Self.page(report, command: "veil audit . --format html")
        var secrets = Array(SVGAuditTests.planted.values) + AuditEngineTests.plantedSecrets
        secrets.removeAll { $0.hasPrefix("-----BEGIN") }  // a key's header is not secret
        for secret in secrets {
            for form in Self.forms(of: secret) { #expect(!page.contains(form), "the page holds \(form)") }
        }
        // The check finds a value when it is there (in the text and in a data: URI).
        let planted = "ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6Jf0Pa2UeX7"
        let control = "<p>\(HTMLText.text(planted))</p>" + Data(("x" + planted).utf8).base64EncodedString()
        #expect(Self.forms(of: planted).filter { control.contains($0) }.count >= 2)
    }

    /// Random recordings with random planted values: the page holds none of them in any form,
    /// every frame is `veil snap`'s (itself property-tested: no value survives it) or hides
    /// more, and every outline is on one colour.
    @Test(arguments: Array(UInt64(1)...UInt64(25)))
    func randomRecordingsPutNoValueInThePage(seed: UInt64) async throws {
        let session = ExposurePropertyTests.session(seed: seed)
        var lines = [#"{"version": 2, "width": \#(session.cols), "height": \#(session.rows)}"#]
        for (time, data) in session.events {
            lines.append(
                String(
                    decoding: try JSONSerialization.data(
                        withJSONObject: [time, "o", data], options: [.fragmentsAllowed]),
                    as: UTF8.self))
        }
        let folder = try RecordingChannelTests.folder(with: ["r.cast": lines.joined(separator: "\n") + "\n"])
        let report = await Self.audit(["r.cast"], in: folder)
        #expect(report.inputs.allSatisfy { $0.error == nil })
        let page = Self.page(report)
        try Self.checkStructure(page, report: report)
        for (secret, _) in session.planted {
            for form in secret.leakForms where form.count >= 6 {
                for encoded in Self.forms(of: form) {
                    #expect(!page.contains(encoded), "seed \(seed): the page holds \(secret.detector) as \(encoded)")
                }
            }
        }
        for finding in report.findings {
            guard let frame = finding.frame else { continue }
            let bitmap = try PNGDecoder().decode(frame.png)
            for box in finding.outline {
                let colour = bitmap.color(x: box.x, y: box.y)
                let uniform = (box.y..<(box.y + box.height)).allSatisfy { y in
                    (box.x..<(box.x + box.width)).allSatisfy { bitmap.color(x: $0, y: y) == colour }
                }
                #expect(uniform, "seed \(seed): \(finding.ruleID)'s cells are not all hidden")
            }
        }
    }

    // MARK: Escaping

    @Test func hostileNamesAndTextAreInertInThePage() throws {
        let hostile =
            "x\"><script>alert(1)</script><img src=//evil.example/a onerror=alert(2)>&amp;\u{202E}é\n::error::x"
        var findings = AuditSamples.richFindings
        findings[0].location = AuditLocation(path: hostile, region: findings[0].location.region)
        findings[0].inputPath = hostile
        findings[0].message += " " + hostile
        findings[0].maskedLine = hostile
        findings[0].log = AuditLogExcerpt(lines: [hostile, "ok"], focus: 0)
        let report = AuditSamples.rich(findings: findings)
        let page = Self.page(report, command: hostile)
        try Self.checkStructure(page, report: report)
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("\u{202E}"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("&amp;amp;"))
        #expect(page.contains("\\u{202E}"))
    }
}
