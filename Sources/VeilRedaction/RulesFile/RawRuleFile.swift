import Yams

/// Phase one of loading a rules file: the YAML decoded into raw values with positions,
/// every key known and every value of the right type, but nothing compiled or
/// cross-checked yet (like gitleaks' `ViperConfig`). ``RuleFileCompiler`` is phase two.
struct RawRuleFile: Equatable {
    static let keys = ["description", "scanTitle", "extend", "allowlists", "regions", "rules"]

    var position: SourcePosition
    var description: Located<String>?
    var scanTitle: Located<Bool>?
    var extend: RawExtend?
    var allowlists: [RawAllowlist] = []
    var regions: [RawRegion] = []
    var rules: [RawRule] = []

    /// An empty file at `position`; the generated built-in rules fill it in.
    init(position: SourcePosition) {
        self.position = position
    }

    /// Parses `yaml`, read from `file`.
    /// - Throws: ``RuleFileError`` for YAML syntax errors and wrong structure.
    init(yaml: String, file: String) throws {
        let reader = NodeReader(file: file)
        position = SourcePosition(file: file, line: 1, column: 1)
        guard let root = try reader.compose(yaml) else { return }  // an empty file: no rules of its own
        for (key, _, value) in try reader.mapping(root, "the rules file", known: Self.keys) {
            switch key {
            case "description": description = try reader.string(value, key)
            case "scanTitle": scanTitle = try reader.bool(value, key)
            case "extend": extend = try RawExtend(value, reader: reader)
            case "allowlists": allowlists = try reader.list(value, key).map { try RawAllowlist($0, reader: reader) }
            case "regions": regions = try reader.list(value, key).map { try RawRegion($0, reader: reader) }
            case "rules": rules = try reader.list(value, key).map { try RawRule($0, reader: reader) }
            default: break
            }
        }
    }
}

/// `extend: {useDefault, disabledRules}`.
struct RawExtend: Equatable {
    static let keys = ["useDefault", "disabledRules"]
    var position: SourcePosition
    var useDefault: Located<Bool>?
    var disabledRules: [Located<String>] = []

    init(position: SourcePosition) {
        self.position = position
    }

    init(_ node: Node, reader: NodeReader) throws {
        position = reader.position(node)
        for (key, _, value) in try reader.mapping(node, "extend", known: Self.keys) {
            switch key {
            case "useDefault": useDefault = try reader.bool(value, key)
            case "disabledRules": disabledRules = try reader.stringList(value, key)
            default: break
            }
        }
    }
}

/// One allowlist.
struct RawAllowlist: Equatable {
    static let keys = ["description", "condition", "regexes", "regexTarget", "stopwords"]
    var position: SourcePosition
    var description: Located<String>?
    var condition: Located<String>?
    var regexes: [Located<String>] = []
    var regexTarget: Located<String>?
    var stopwords: [Located<String>] = []

    init(position: SourcePosition) {
        self.position = position
    }

    init(_ node: Node, reader: NodeReader) throws {
        position = reader.position(node)
        for (key, _, value) in try reader.mapping(node, "an allowlist", known: Self.keys) {
            switch key {
            case "description": description = try reader.string(value, key)
            case "condition": condition = try reader.string(value, key)
            case "regexes": regexes = try reader.stringList(value, key)
            case "regexTarget": regexTarget = try reader.string(value, key)
            case "stopwords": stopwords = try reader.stringList(value, key)
            default: break
            }
        }
    }
}

/// One declared region.
struct RawRegion: Equatable {
    static let keys = ["id", "description", "row", "col", "width", "height", "label", "category", "severity", "style"]
    var position: SourcePosition
    var id: Located<String>?
    var description: Located<String>?
    var row: Located<Int>?
    var col: Located<Int>?
    var width: Located<Int>?
    var height: Located<Int>?
    var label: Located<String>?
    var category: Located<String>?
    var severity: Located<String>?
    var style: Located<String>?

    init(position: SourcePosition) {
        self.position = position
    }

    init(_ node: Node, reader: NodeReader) throws {
        position = reader.position(node)
        for (key, _, value) in try reader.mapping(node, "a region", known: Self.keys) {
            switch key {
            case "id": id = try reader.string(value, key)
            case "description": description = try reader.string(value, key)
            case "row": row = try reader.int(value, key)
            case "col": col = try reader.int(value, key)
            case "width": width = try reader.int(value, key)
            case "height": height = try reader.int(value, key)
            case "label": label = try reader.string(value, key)
            case "category": category = try reader.string(value, key)
            case "severity": severity = try reader.string(value, key)
            case "style": style = try reader.string(value, key)
            default: break
            }
        }
    }
}

/// One rule.
struct RawRule: Equatable {
    static let keys = [
        "id", "name", "description", "group", "detector", "regex", "label", "secretGroup", "entropy", "keywords",
        "tags",
        "category",
        "severity", "validate", "context", "contextSeverity", "style", "allowlists", "examples",
        "negativeExamples", "enabled",
    ]
    var position: SourcePosition
    var id: Located<String>?
    var name: Located<String>?
    var description: Located<String>?
    var group: Located<String>?
    var detector: Located<String>?
    var regex: Located<String>?
    var label: [Located<String>] = []
    var secretGroup: Located<Int>?
    var entropy: Located<Double>?
    var keywords: [Located<String>] = []
    var tags: [Located<String>] = []
    var category: Located<String>?
    var severity: Located<String>?
    var validate: [Located<String>] = []
    var context: [Located<String>] = []
    var contextSeverity: Located<String>?
    var style: Located<String>?
    var allowlists: [RawAllowlist] = []
    var examples: [Located<String>] = []
    var negativeExamples: [Located<String>] = []
    var enabled: Located<Bool>?

    init(position: SourcePosition) {
        self.position = position
    }

    init(_ node: Node, reader: NodeReader) throws {
        position = reader.position(node)
        for (key, _, value) in try reader.mapping(node, "a rule", known: Self.keys) {
            switch key {
            case "id": id = try reader.string(value, key)
            case "name": name = try reader.string(value, key)
            case "description": description = try reader.string(value, key)
            case "group": group = try reader.string(value, key)
            case "detector": detector = try reader.string(value, key)
            case "regex": regex = try reader.string(value, key)
            case "label": label = try reader.stringList(value, key)
            case "secretGroup": secretGroup = try reader.int(value, key)
            case "entropy": entropy = try reader.double(value, key)
            case "keywords": keywords = try reader.stringList(value, key)
            case "tags": tags = try reader.stringList(value, key)
            case "category": category = try reader.string(value, key)
            case "severity": severity = try reader.string(value, key)
            case "validate":
                if case .sequence = value {
                    validate = try reader.stringList(value, key)
                } else {
                    validate = [try reader.string(value, key)]
                }
            case "context": context = try reader.stringList(value, key)
            case "contextSeverity": contextSeverity = try reader.string(value, key)
            case "style": style = try reader.string(value, key)
            case "allowlists": allowlists = try reader.list(value, key).map { try RawAllowlist($0, reader: reader) }
            case "examples": examples = try reader.stringList(value, key)
            case "negativeExamples": negativeExamples = try reader.stringList(value, key)
            case "enabled": enabled = try reader.bool(value, key)
            default: break
            }
        }
    }
}
