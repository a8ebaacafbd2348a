import Foundation
import VeilRedaction
import VeilLifecycle
import VeilScreen
import VeilYAML
import Yams

extension Scenario {
    /// The largest number of timeline steps or handler actions accepted in one file.
    public static let maximumSteps = 100_000
    /// The largest scenario file read (4 MiB); a bigger one is refused by its size, unread.
    public static let maximumFileBytes = 4 << 20
    /// The most bytes all the files a scenario names (`screen.file`, `show`) may hold together.
    public static let maximumReferencedBytes = InputFile.maximumCaptureBytes

    /// Loads a scenario file named on the command line; the files it names are read inside
    /// its folder (see ``Location``).
    /// - Throws: ``InputError`` with the file, line and column of the first problem.
    public static func load(path: String) throws -> Scenario {
        let bytes = try InputFile.bytes(from: path, limit: maximumFileBytes)
        return try parse(bytes, path: path, location: Location(besides: path))
    }

    /// Parses a scenario file's bytes (UTF-8); `path` names it in errors.
    static func parse(_ bytes: [UInt8], path: String, location: Location) throws -> Scenario {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError(path: path, line: 1, column: 1, message: "the scenario is not valid UTF-8")
        }
        var scenario = try parse(text, path: path)
        scenario.location = location
        return scenario
    }

    /// Parses scenario text; `path` names it in errors, and the files it names are read
    /// inside `path`'s folder.
    public static func parse(_ text: String, path: String) throws -> Scenario {
        let yaml = YAMLReader(path: path)
        let root = try yaml.root(of: text)
        let top = try yaml.mapping(root, "a scenario")
        try yaml.checkKeys(
            top, allowed: ["name", "screen", "rules", "policy", "handlers", "timeline"], in: "the scenario")
        var references: [String: Position] = [:]
        /// A file named by `node`, as written (read later inside the scenario's root), and
        /// where it was named.
        func reference(_ node: Node, _ what: String) throws -> String {
            let path = try yaml.string(node, what)
            guard !path.isEmpty, !path.utf8.contains(0) else { throw yaml.error(node, "\(what) must name a file") }
            if references[path] == nil {
                references[path] = Position(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
            }
            return path
        }

        let defaultName = URL(fileURLWithPath: path).deletingPathExtension().deletingPathExtension().lastPathComponent
        var scenario = Scenario(name: defaultName, path: path)
        scenario.location = Location(besides: path)
        if let node = top["name"] {
            let name = try yaml.string(node, "name")
            guard !name.isEmpty, name.count <= 64,
                name.unicodeScalars.allSatisfy({
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
                }),
                !name.hasPrefix(".")
            else {
                throw yaml.error(
                    node, "name must be 1–64 characters of A–Z, a–z, 0–9, '-', '_' or '.' (it is used in file names)")
            }
            scenario.name = name
        }
        if let node = top["screen"] { scenario.screen = try screenSpec(node, yaml, reference) }
        if let node = top["rules"] {
            let rules = try yaml.string(node, "rules")
            guard !rules.isEmpty, !rules.utf8.contains(0) else { throw yaml.error(node, "rules must name a file") }
            scenario.rulesPath = rules
            scenario.rulesPosition = Position(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }
        if let node = top["policy"] { scenario.policy = try policy(node, yaml) }
        if let node = top["handlers"] {
            for (keyNode, value) in try yaml.mapping(node, "handlers") {
                var key = try yaml.string(keyNode, "a handler key")
                if let short = selectorAliases[key] { key = short }
                guard handlerKeys.contains(key) else {
                    throw yaml.error(
                        keyNode, "unknown handler \"\(key)\"; expected one of: \(handlerKeys.joined(separator: ", "))")
                }
                let list = value.null != nil ? [] : try yaml.sequence(value, "handler \(key)")
                guard list.count <= maximumSteps else {
                    throw yaml.error(value, "too many actions (limit \(maximumSteps))")
                }
                scenario.handlers[key] = try list.map {
                    try action($0, handler: key, screen: (scenario.screen.cols, scenario.screen.rows), yaml, reference)
                }
            }
        }
        if let node = top["timeline"] {
            let list = try yaml.sequence(node, "timeline")
            guard list.count <= maximumSteps else {
                throw yaml.error(node, "timeline has \(list.count) steps; the limit is \(maximumSteps)")
            }
            scenario.timeline = try list.map { entry in
                TimedStep(
                    step: try step(entry, yaml, reference),
                    position: Position(line: entry.mark?.line ?? 1, column: entry.mark?.column ?? 1))
            }
        }
        if scenario.command != nil, let node = top["handlers"] {
            throw yaml.error(
                node,
                "handlers describe a simulated app; with screen.exec the app is the program itself (leave handlers out)"
            )
        }
        scenario.fileReferences = references
        return scenario
    }

    private static func size(_ node: Node, _ yaml: YAMLReader, _ what: String) throws -> (Int, Int) {
        let text = try yaml.string(node, what)
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]),
            (1...Screen.maximumSize).contains(cols), (1...Screen.maximumSize).contains(rows)
        else {
            throw yaml.error(
                node,
                "\(what) must be COLSxROWS with each 1…\(Screen.maximumSize), e.g. 80x24; got \(DisplayText.shape(of: text, limit: 20))"
            )
        }
        return (cols, rows)
    }

    private static func rect(_ node: Node, _ yaml: YAMLReader, _ what: String) throws -> Rect {
        let map = try yaml.mapping(node, what)
        try yaml.checkKeys(map, allowed: ["row", "col", "width", "height"], in: what)
        func field(_ key: String, _ range: ClosedRange<Int>) throws -> Int {
            guard let value = map[key] else { throw yaml.error(node, "\(what) needs \"\(key)\"") }
            return try yaml.int(value, "\(what) \(key)", in: range)
        }
        return Rect(
            row: try field("row", 0...(Screen.maximumSize - 1)), col: try field("col", 0...(Screen.maximumSize - 1)),
            width: try field("width", 1...Screen.maximumSize),
            height: map["height"] == nil ? 1 : try field("height", 1...Screen.maximumSize))
    }

    private static func markSpec(_ node: Node, _ yaml: YAMLReader, _ what: String) throws -> (Rect, String) {
        let map = try yaml.mapping(node, what)
        try yaml.checkKeys(map, allowed: ["rect", "reason"], in: what)
        guard let rectNode = map["rect"] else { throw yaml.error(node, "\(what) needs \"rect\"") }
        let reason = try map["reason"].map { try yaml.string($0, "reason") } ?? "marked"
        return (try rect(rectNode, yaml, "rect"), reason)
    }

    /// Throws at `node` when `rect` does not lie inside a `cols`×`rows` screen.
    private static func checkInside(
        _ rect: Rect, _ node: Node, cols: Int, rows: Int, _ yaml: YAMLReader, _ what: String
    ) throws {
        guard rect.row + rect.height <= rows, rect.col + rect.width <= cols else {
            throw yaml.error(
                node,
                "\(what) row \(rect.row) col \(rect.col) \(rect.width)x\(rect.height) is outside the \(cols)x\(rows) screen"
            )
        }
    }

    private static func screenSpec(_ node: Node, _ yaml: YAMLReader, _ reference: (Node, String) throws -> String)
        throws -> ScreenSpec
    {
        let map = try yaml.mapping(node, "screen")
        try yaml.checkKeys(map, allowed: ["size", "file", "text", "exec", "sensitive"], in: "screen")
        var spec = ScreenSpec()
        if let size = map["size"] { (spec.cols, spec.rows) = try self.size(size, yaml, "screen size") }
        let sources = ["file", "text", "exec"].compactMap { key in map[key].map { (key, $0) } }
        if sources.count > 1 {
            let (first, second) = (sources[0].0, sources[1].0)
            throw yaml.error(
                sources[1].1, "screen takes either \"\(first)\" or \"\(second)\", not both (one of file, text, exec)")
        }
        if let exec = map["exec"] { spec.content = .command(try command(exec, yaml)) }
        if let file = map["file"] { spec.content = .file(try reference(file, "screen file")) }
        if let text = map["text"] {
            spec.content = .bytes(InputMode.throughLineDiscipline(Array(try yaml.string(text, "screen text").utf8)))
        }
        if let list = map["sensitive"] {
            let regions = try yaml.sequence(list, "screen sensitive")
            guard regions.count <= maximumSteps else {
                throw yaml.error(list, "\(regions.count) sensitive regions; the limit is \(maximumSteps)")
            }
            spec.sensitive = try regions.map { node in
                let rect = try markSpec(node, yaml, "a sensitive region").0
                try checkInside(rect, node, cols: spec.cols, rows: spec.rows, yaml, "sensitive region")
                return rect
            }
        }
        return spec
    }

    /// `exec:`: a list of strings is the command and its arguments; one string is a shell
    /// command line (`sh -c STRING`).
    private static func command(_ node: Node, _ yaml: YAMLReader) throws -> [String] {
        if node.scalar != nil {
            let line = try yaml.string(node, "exec")
            guard !line.isEmpty, !line.utf8.contains(0) else { throw yaml.error(node, "exec must name a command") }
            return ["sh", "-c", line]
        }
        let words = try yaml.sequence(node, "exec").map { try yaml.string($0, "exec") }
        guard let first = words.first, !first.isEmpty, !words.contains(where: { $0.utf8.contains(0) }) else {
            throw yaml.error(node, "exec must name a command: [program, argument, …] or one shell command line")
        }
        return words
    }

    private static func policy(_ node: Node, _ yaml: YAMLReader) throws -> Policy {
        let map = try yaml.mapping(node, "policy")
        try yaml.checkKeys(
            map,
            allowed: [
                "didEnterBackgroundDeadline", "willTerminateDeadline", "backgroundTime",
                "profile", "exitsOnSuspend", "expirationWarning",
            ], in: "policy")
        var policy = Policy()
        if let v = map["didEnterBackgroundDeadline"] {
            policy.didEnterBackgroundDeadline = try yaml.duration(v, "didEnterBackgroundDeadline")
        }
        if let v = map["willTerminateDeadline"] {
            policy.willTerminateDeadline = try yaml.duration(v, "willTerminateDeadline")
        }
        if let v = map["backgroundTime"] { policy.backgroundTime = try yaml.duration(v, "backgroundTime") }
        if let v = map["expirationWarning"] { policy.expirationWarning = try yaml.duration(v, "expirationWarning") }
        if let v = map["exitsOnSuspend"] { policy.exitsOnSuspend = try yaml.bool(v, "exitsOnSuspend") }
        if let v = map["profile"] {
            let profile = try yaml.string(v, "profile")
            guard ["ios6", "ios7", "ios13"].contains(profile) else {
                throw yaml.error(
                    v, "profile must be ios6, ios7 or ios13, got \(DisplayText.shape(of: profile, limit: 20))")
            }
            policy.profile = profile
        }
        return policy
    }

    private static func action(
        _ node: Node, handler: String, screen: (cols: Int, rows: Int), _ yaml: YAMLReader,
        _ reference: (Node, String) throws -> String
    ) throws -> Action {
        if let word = node.scalar?.string {
            switch word {
            case "endBackgroundTasks": return .endBackgroundTasks
            case "returnFalse":
                guard handler == "willFinishLaunchingWithOptions" || handler == "didFinishLaunchingWithOptions" else {
                    throw yaml.error(node, "returnFalse is only for the launch handlers, not \(handler)")
                }
                return .returnFalse
            default:
                throw yaml.error(
                    node,
                    unknownWord(word, "action", known: actionNames, listed: actionList)
                )
            }
        }
        let (key, keyNode, value) = try yaml.singleEntry(node, "an action")
        switch key {
        case "work": return .work(try yaml.duration(value, "work"))
        case "privacyCover": return .privacyCover(try yaml.bool(value, "privacyCover"))
        case "show": return .show(file: try reference(value, "show"))
        case "print": return .print(InputMode.throughLineDiscipline(Array(try yaml.string(value, "print").utf8)))
        case "mark":
            let (rect, reason) = try markSpec(value, yaml, "mark")
            try checkInside(rect, value, cols: screen.cols, rows: screen.rows, yaml, "mark")
            return .mark(rect, reason: reason)
        case "beginBackgroundTask":
            let map = try yaml.mapping(value, "beginBackgroundTask")
            try yaml.checkKeys(map, allowed: ["name", "work", "endInExpirationHandler"], in: "beginBackgroundTask")
            return .beginBackgroundTask(
                name: try map["name"].map { try yaml.string($0, "name") } ?? "task",
                work: try map["work"].map { try yaml.duration($0, "work") },
                endInExpirationHandler: try map["endInExpirationHandler"].map {
                    try yaml.bool($0, "endInExpirationHandler")
                } ?? false)
        default:
            throw yaml.error(
                keyNode,
                unknownWord(key, "action", known: actionNames, listed: actionList)
            )
        }
    }

    /// The actions a handler may take, and the timeline's events (for "did you mean").
    private static let actionNames = [
        "work", "beginBackgroundTask", "endBackgroundTasks", "privacyCover", "show", "print", "mark", "returnFalse",
    ]
    private static let actionList =
        "work, beginBackgroundTask, endBackgroundTasks, privacyCover, show, print, mark or returnFalse"
    private static let stepNames = [
        "launch", "backgroundLaunch", "home", "tapIcon", "openURL", "appSwitcher", "switcherSelect", "incomingCall",
        "alarm", "notificationCenter", "controlCenter", "lock", "unlock", "forceQuit", "memoryWarning",
        "memoryPressure", "significantTimeChange", "resize", "wait", "print", "show", "type", "keys", "waitFor",
        "waitIdle",
    ]

    /// `unknown timeline event "prnt"; did you mean print?` when a known word is within two
    /// edits of `word` (``KeySuggestion``), else the list of what is expected.
    private static func unknownWord(_ word: String, _ what: String, known: [String], listed: String) -> String {
        let shown = String(word.prefix(40))
        if let near = KeySuggestion.nearest(shown, in: known) {
            return "unknown \(what) \"\(shown)\"; did you mean \(near)?"
        }
        return "unknown \(what) \"\(shown)\"; expected \(listed)"
    }

    private static let bareSteps: [String: SystemEvent] = [
        "launch": .launch(), "backgroundLaunch": .backgroundLaunch, "home": .home, "tapIcon": .tapIcon,
        "appSwitcher": .appSwitcher, "alarm": .alarm, "notificationCenter": .notificationCenter,
        "controlCenter": .controlCenter, "lock": .lock, "unlock": .unlock, "forceQuit": .forceQuit,
        "memoryWarning": .memoryWarning, "memoryPressure": .memoryPressure,
        "significantTimeChange": .significantTimeChange,
    ]

    private static func url(_ node: Node, _ yaml: YAMLReader, _ what: String) throws -> URL {
        let text = try yaml.string(node, what)
        guard let url = URL(string: text), url.scheme != nil else {
            throw yaml.error(node, "\(what) must be a URL with a scheme, such as veilbank://home")
        }
        return url
    }

    private static func step(_ node: Node, _ yaml: YAMLReader, _ reference: (Node, String) throws -> String) throws
        -> Step
    {
        let known = stepNames.joined(separator: ", ")
        if let word = node.scalar?.string {
            guard let event = bareSteps[word] else {
                throw yaml.error(
                    node, unknownWord(word, "timeline event", known: stepNames, listed: "one of: " + known))
            }
            return .event(event)
        }
        let (key, keyNode, value) = try yaml.singleEntry(node, "a timeline event")
        func choice<Value>(_ options: [String: Value]) throws -> Value {
            let word = try yaml.string(value, key)
            guard let result = options[word] else {
                throw yaml.error(
                    value,
                    "\(key) must be \(options.keys.sorted().joined(separator: " or ")), got \(DisplayText.shape(of: word, limit: 20))"
                )
            }
            return result
        }
        switch key {
        case "launch":
            let map = try yaml.mapping(value, "launch")
            try yaml.checkKeys(map, allowed: ["url"], in: "launch")
            return .event(.launch(url: try map["url"].map { try url($0, yaml, "url") }))
        case "openURL": return .event(.openURL(try url(value, yaml, "openURL")))
        case "switcherSelect": return .event(.switcherSelect(try choice(["self": .this, "other": .other])))
        case "incomingCall": return .event(.incomingCall(try choice(["accepted": .accepted, "declined": .declined])))
        case "resize":
            let (cols, rows) = try size(value, yaml, "resize")
            return .event(.resize(ScreenSize(columns: cols, rows: rows)))
        case "wait": return .event(.wait(try yaml.duration(value, "wait")))
        case "print": return .print(InputMode.throughLineDiscipline(Array(try yaml.string(value, "print").utf8)))
        case "show": return .show(file: try reference(value, "show"))
        case "type":
            let text = try yaml.string(value, "type")
            guard !text.isEmpty else { throw yaml.error(value, "type needs the text to type") }
            return .type(Array(text.utf8))
        case "keys":
            let names = value.scalar != nil ? [value] : try yaml.sequence(value, "keys")
            guard !names.isEmpty, names.count <= maximumSteps else {
                throw yaml.error(value, "keys needs 1 to \(maximumSteps) key names, such as [Enter, Down, Ctrl-C]")
            }
            return .keys(
                try names.map { node in
                    let name = try yaml.string(node, "a key")
                    guard KeyNames.bytes(for: name) != nil else {
                        throw yaml.error(
                            node,
                            "unknown key \(DisplayText.shape(of: name, limit: 20)); expected a character, Enter, Tab, Escape, Backspace, Space, Up, Down, Left, Right, Home, End, PageUp, PageDown, Insert, Delete, F1–F12, Ctrl-X or Alt-X"
                        )
                    }
                    return name
                })
        case "waitFor":
            var patternNode = value
            var timeout = Duration.seconds(5)
            if value.scalar == nil {
                let map = try yaml.mapping(value, "waitFor")
                try yaml.checkKeys(map, allowed: ["regex", "timeout"], in: "waitFor")
                guard let regex = map["regex"] else { throw yaml.error(value, "waitFor needs \"regex\"") }
                patternNode = regex
                if let node = map["timeout"] { timeout = try yaml.duration(node, "timeout") }
            }
            let pattern = try yaml.string(patternNode, "waitFor")
            guard !pattern.isEmpty, (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw yaml.error(patternNode, "waitFor must be a regular expression (ICU syntax)")
            }
            return .waitFor(pattern: pattern, timeout: timeout)
        case "waitIdle":
            return .waitIdle(try yaml.duration(value, "waitIdle"), timeout: .seconds(30))
        default:
            if bareSteps[key] != nil { throw yaml.error(value, "\(key) takes no value") }
            throw yaml.error(keyNode, unknownWord(key, "timeline event", known: stepNames, listed: "one of: " + known))
        }
    }
}
