/// The one SARIF 2.1.0 writer: `veil audit --format sarif` (``SARIFAuditReporter``) and
/// `veil scan --text --format sarif` (``TextScan``) build their logs with it, so both have one
/// shape. One run: the tool's name and version, the rules found, one result per place of a
/// finding (the other places of the same value as `relatedLocations`) with one physical location relative to `%SRCROOT%` (a percent-encoded URI reference) and
/// a region in Unicode code points (`columnKind`). No
/// snippets: a result never holds file content, so it cannot hold a secret.
struct SARIFLog {
    /// The `$schema` value.
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The base id every relative artifact location is relative to.
    static let sourceRootBaseID = "%SRCROOT%"

    /// A rule of `tool.driver.rules`.
    struct Rule {
        var id: String
        var name: String?
        var shortDescription: String
        var fullDescription: String?
        var help: String?
        /// `defaultConfiguration.level`: `error` or `warning`.
        var level: String
        var properties: [(String, JSONOutput)]
    }

    /// Where a result is: a file, and a region of it (1-based lines and columns).
    struct Location {
        var path: String
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }

    /// A result.
    struct Result {
        var ruleID: String
        var level: String
        var message: String
        var location: Location
        var partialFingerprints: [(String, JSONOutput)] = []
        /// `relatedLocations`: other places of the same value, each with its id and a message.
        var relatedLocations: [(id: Int, location: Location, message: String)] = []
        var suppressions: [JSONOutput] = []
        var properties: [(String, JSONOutput)] = []
    }

    var tool: AuditReport.Tool
    var rules: [Rule]
    var results: [Result]
    /// `invocations[0]`, when the run says how it went.
    var invocation: JSONOutput?
    /// The URI of `%SRCROOT%` (the folder veil ran in), or nil to describe it in words.
    var sourceRootURI: String?
    /// The words, without a URI.
    var sourceRootDescription = "The repository root: the directory veil ran in."
    /// The run's `properties`.
    var properties: [(String, JSONOutput)] = []

    /// `error` for a blocking finding, else `warning`.
    static func level(blocks: Bool) -> String { blocks ? "error" : "warning" }

    /// The log, pretty-printed, with a final newline.
    func rendered() -> String {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var driver: [(String, JSONOutput)] = [("name", .string(tool.name)), ("version", .string(tool.version))]
        if let uri = tool.informationURI { driver.append(("informationUri", .string(uri))) }
        driver.append(("rules", .array(rules.map(Self.rule))))
        let sourceRoot: JSONOutput =
            sourceRootURI.map { .object([("uri", .string($0))]) }
            ?? .object([
                ("description", .object([("text", .string(sourceRootDescription))]))
            ])
        var run: [(String, JSONOutput)] = [("tool", .object([("driver", .object(driver))]))]
        if let invocation { run.append(("invocations", .array([invocation]))) }
        run += [
            ("originalUriBaseIds", .object([(Self.sourceRootBaseID, sourceRoot)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results.map { Self.result($0, ruleIndex: ruleIndex[$0.ruleID] ?? -1) })),
        ]
        if !properties.isEmpty { run.append(("properties", .object(properties))) }
        let document: JSONOutput = .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
        return document.rendered()
    }

    private static func rule(_ rule: Rule) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("id", .string(rule.id))]
        if let name = rule.name { members.append(("name", .string(name))) }
        members.append(("shortDescription", .object([("text", .string(rule.shortDescription))])))
        if let full = rule.fullDescription { members.append(("fullDescription", .object([("text", .string(full))]))) }
        if let help = rule.help { members.append(("help", .object([("text", .string(help))]))) }
        members.append(("defaultConfiguration", .object([("level", .string(rule.level))])))
        members.append(("properties", .object(rule.properties)))
        return .object(members)
    }

    private static func result(_ result: Result, ruleIndex: Int) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("ruleId", .string(result.ruleID)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(result.level)),
            ("message", .object([("text", .string(result.message))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation(result.location))])])),
        ]
        if !result.partialFingerprints.isEmpty {
            members.append(("partialFingerprints", .object(result.partialFingerprints)))
        }
        if !result.relatedLocations.isEmpty {
            let related = result.relatedLocations.map { related -> JSONOutput in
                .object([
                    ("id", .int(related.id)),
                    ("physicalLocation", physicalLocation(related.location)),
                    ("message", .object([("text", .string(related.message))])),
                ])
            }
            members.append(("relatedLocations", .array(related)))
        }
        if !result.suppressions.isEmpty { members.append(("suppressions", .array(result.suppressions))) }
        if !result.properties.isEmpty { members.append(("properties", .object(result.properties))) }
        return .object(members)
    }

    private static func physicalLocation(_ location: Location) -> JSONOutput {
        .object([
            ("artifactLocation", artifactLocation(location.path)),
            (
                "region",
                .object([
                    ("startLine", .int(location.startLine)),
                    ("startColumn", .int(location.startColumn)),
                    ("endLine", .int(location.endLine)),
                    ("endColumn", .int(location.endColumn)),
                ])
            ),
        ])
    }

    /// `{"uri", "uriBaseId"}`: the path as a URI reference resolved against `%SRCROOT%` (an
    /// absolute path stays absolute).
    static func artifactLocation(_ path: String) -> JSONOutput {
        .object([("uri", .string(uriReference(path))), ("uriBaseId", .string(sourceRootBaseID))])
    }

    /// `path` as a URI reference: every byte but unreserved characters and `/`
    /// percent-encoded (spaces, `#`, `%`, `:`, non-ASCII UTF-8).
    static func uriReference(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
