/// Phase two of loading a rules file: raw values checked against each other and compiled
/// into a ``RuleSet`` (regexes compiled, names resolved, ids unique, the default rules
/// merged in), like gitleaks' `ViperConfig.Translate()`.
struct RuleFileCompiler {
    static let categoryNames = RuleCategory.allCases.map(\.rawValue)
    static let severityNames = Severity.allCases.map(\.rawValue)

    let file: String
    /// Whether regexes are compiled on first use instead of now: only for files known to
    /// compile (the generated built-in rules), since a bad pattern is then not reported.
    var defersRegexCompilation = false

    /// Compiles `raw`; `base` gives the rules it extends (nil when it extends nothing).
    func compile(_ raw: RawRuleFile, base: () throws -> RuleSet?) throws -> RuleSet {
        let useDefault = raw.extend?.useDefault?.value ?? true
        var rules: [Rule] = []
        var regions: [DeclaredRegion] = []
        var allowlists: [Allowlist] = []
        var scansTitle = true
        if useDefault, let base = try base() {
            rules = base.rules
            regions = base.regions
            allowlists = base.allowlists
            scansTitle = base.scansTitle
        }
        let inherited = Set(rules.map(\.id))
        // Each id's place in `rules`, first occurrence kept (a search per rule copied every
        // rule it passed: hundreds of built-in rules at every start).
        var place = Dictionary(rules.indices.map { (rules[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        var defined: [String: SourcePosition] = [:]
        for rawRule in raw.rules {
            let rule = try compileRule(rawRule)
            if let first = defined[rule.id] {
                throw RuleFileError(
                    rawRule.id?.position ?? rawRule.position,
                    "duplicate rule id '\(rule.id)' (first defined at line \(first.line))")
            }
            defined[rule.id] = rawRule.id?.position ?? rawRule.position
            if let index = place[rule.id] {
                rules[index] = rule  // replaces the default rule of the same id
            } else {
                place[rule.id] = rules.count
                rules.append(rule)
            }
        }
        for id in raw.extend?.disabledRules ?? [] {
            guard let index = place[id.value] else {
                let known = inherited.isEmpty ? "" : " (see 'veil rules list')"
                throw RuleFileError(id.position, "disabledRules names no rule '\(id.value)'\(known)")
            }
            rules[index].isEnabled = false
        }
        allowlists += try raw.allowlists.map(compileAllowlist)
        var regionIDs = Set(regions.map(\.id))
        for rawRegion in raw.regions {
            let region = try compileRegion(rawRegion)
            if regionIDs.contains(region.id) || defined[region.id] != nil {
                throw RuleFileError(
                    rawRegion.id?.position ?? rawRegion.position,
                    "duplicate id '\(region.id)': regions and rules need distinct ids")
            }
            regionIDs.insert(region.id)
            regions.append(region)
        }
        if let scanTitle = raw.scanTitle { scansTitle = scanTitle.value }
        return RuleSet(rules: rules, regions: regions, allowlists: allowlists, scansTitle: scansTitle, origin: file)
    }

    // MARK: Rules

    private func compileRule(_ raw: RawRule) throws -> Rule {
        guard let rawID = raw.id else { throw RuleFileError(raw.position, "rule has no 'id'") }
        let id = rawID.value
        try checkID(rawID, what: "rule id")
        let matcher: Rule.Matcher
        switch (raw.detector, raw.regex) {
        case (nil, nil):
            throw RuleFileError(raw.position, "rule '\(id)' needs a 'regex' or a 'detector'")
        case let (detector?, regex?):
            throw RuleFileError(
                regex.position, "rule '\(id)' has both 'detector' (line \(detector.position.line)) and 'regex'; use one"
            )
        case let (detector?, nil):
            guard let builtIn = BuiltInDetector(rawValue: detector.value) else {
                throw RuleFileError(
                    detector.position,
                    "unknown detector '\(detector.value)' (known: \(BuiltInDetector.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            if let group = raw.secretGroup {
                throw RuleFileError(group.position, "'secretGroup' applies to a 'regex' rule, not a detector")
            }
            matcher = .builtIn(builtIn)
        case let (nil, regex?) where raw.label.isEmpty:
            matcher = .pattern(try compileRegex(regex, secretGroup: raw.secretGroup, owner: "rule '\(id)'"))
        case let (nil, regex?):
            for word in raw.label where word.value.isEmpty {
                throw RuleFileError(word.position, "an empty label word would match every key")
            }
            // The value alone first, so a bad pattern or group is reported as the author wrote it.
            if !defersRegexCompilation {
                _ = try compileRegex(regex, secretGroup: raw.secretGroup, owner: "rule '\(id)'")
            }
            let labelled = Located(
                value: LabelledValuePattern.source(labels: raw.label.map(\.value), value: regex.value),
                position: regex.position)
            let group = raw.secretGroup.map {
                Located(value: LabelledValuePattern.secretGroup($0.value), position: $0.position)
            }
            matcher = .pattern(
                try compileRegex(
                    labelled, secretGroup: group ?? Located(value: 1, position: regex.position), owner: "rule '\(id)'"))
        }
        if let label = raw.label.first, raw.regex == nil {
            throw RuleFileError(label.position, "rule '\(id)' has 'label' words but no 'regex' for the value")
        }
        if let entropy = raw.entropy, !(0...8).contains(entropy.value) {
            throw RuleFileError(entropy.position, "'entropy' must be 0–8 bits per character")
        }
        for keyword in raw.keywords {
            if keyword.value.isEmpty || keyword.value == "^" {
                throw RuleFileError(keyword.position, "an empty keyword would match every line")
            }
            if Rule.isAnchoredKeyword(keyword.value), let first = keyword.value.dropFirst().first,
                first == " " || first == "\t" || first == "\u{3000}"
            {
                throw RuleFileError(
                    keyword.position,
                    "keyword '\(keyword.value)' can never match: an anchored keyword (^) is compared after the line's spaces, tabs and ideographic spaces"
                )
            }
        }
        let validators = try raw.validate.map { name in
            guard let validator = Validator(rawValue: name.value) else {
                throw RuleFileError(
                    name.position,
                    "unknown validator '\(name.value)' (known: \(Validator.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            return validator
        }
        var style: RedactionStyle?
        if let name = raw.style {
            guard RedactionStyle.ruleStyleNames.contains(name.value) else {
                throw RuleFileError(
                    name.position,
                    "unknown style '\(name.value)' (known: \(RedactionStyle.ruleStyleNames.joined(separator: ", ")))")
            }
            style =
                name.value == "placeholder"
                ? .placeholder(label: .ruleID, normalizeLength: false) : RedactionStyle(name: name.value)
        }
        if let contextSeverity = raw.contextSeverity, raw.context.isEmpty {
            throw RuleFileError(contextSeverity.position, "'contextSeverity' needs 'context' words")
        }
        let examples = try raw.examples.map { example -> RuleExample in
            let parsed = try parseExample(example)
            guard parsed.marksSpans else {
                throw RuleFileError(
                    example.position, "example of rule '\(id)' marks no span: put ↓ before and after what it must hide")
            }
            return parsed
        }
        let negativeExamples = try raw.negativeExamples.map { example -> RuleExample in
            let parsed = try parseExample(example)
            guard !parsed.marksSpans else {
                throw RuleFileError(example.position, "negative example of rule '\(id)' must not contain ↓ markers")
            }
            return parsed
        }
        return Rule(
            id: id, name: raw.name?.value ?? "", description: raw.description?.value ?? "",
            group: raw.group?.value ?? "", labels: raw.label.map(\.value), matcher: matcher,
            keywords: raw.keywords.isEmpty ? raw.label.map(\.value) : raw.keywords.map(\.value),
            entropy: raw.entropy?.value, validators: validators,
            context: raw.context.map(\.value),
            contextSeverity: try raw.contextSeverity.map { try severity($0) },
            tags: raw.tags.map(\.value), category: try raw.category.map(category) ?? .secret,
            severity: try raw.severity.map { try severity($0) } ?? .block, style: style,
            allowlists: try raw.allowlists.map(compileAllowlist), examples: examples,
            negativeExamples: negativeExamples, isEnabled: raw.enabled?.value ?? true,
            position: raw.id?.position ?? raw.position)
    }

    private func checkID(_ id: Located<String>, what: String) throws {
        let allowed = id.value.unicodeScalars.allSatisfy {
            $0.isASCII && (ASCII.isAlnum(UInt8($0.value)) || "._-".unicodeScalars.contains($0))
        }
        guard !id.value.isEmpty, allowed else {
            throw RuleFileError(id.position, "\(what) '\(id.value)' may hold only letters, digits, '.', '_' and '-'")
        }
    }

    private func compileRegex(_ regex: Located<String>, secretGroup: Located<Int>?, owner: String) throws
        -> RegexPattern
    {
        if defersRegexCompilation {
            return RegexPattern(deferringCompilation: regex.value, secretGroup: secretGroup?.value ?? 0)
        }
        do {
            return try RegexPattern(regex.value, secretGroup: secretGroup?.value ?? 0)
        } catch let error as RegexPatternError {
            if case .noSuchGroup = error, let secretGroup {
                throw RuleFileError(secretGroup.position, "\(owner): \(error)")
            }
            throw RuleFileError(regex.position, "\(owner): \(error)")
        }
    }

    private func parseExample(_ example: Located<String>) throws -> RuleExample {
        do {
            return try RuleExample(example.value, position: example.position)
        } catch {
            throw RuleFileError(example.position, "\(error)")
        }
    }

    private func category(_ name: Located<String>) throws -> RuleCategory {
        guard let value = RuleCategory(rawValue: name.value) else {
            throw RuleFileError(
                name.position, "unknown category '\(name.value)' (known: \(Self.categoryNames.joined(separator: ", ")))"
            )
        }
        return value
    }

    private func severity(_ name: Located<String>) throws -> Severity {
        guard let value = Severity(rawValue: name.value) else {
            throw RuleFileError(
                name.position, "unknown severity '\(name.value)' (known: \(Self.severityNames.joined(separator: ", ")))"
            )
        }
        return value
    }

    // MARK: Allowlists and regions

    private func compileAllowlist(_ raw: RawAllowlist) throws -> Allowlist {
        guard !raw.regexes.isEmpty || !raw.stopwords.isEmpty else {
            throw RuleFileError(raw.position, "allowlist has neither 'regexes' nor 'stopwords'")
        }
        var condition = Allowlist.Condition.or
        if let name = raw.condition {
            guard let value = Allowlist.Condition(rawValue: name.value.uppercased()) else {
                throw RuleFileError(name.position, "unknown condition '\(name.value)' (known: OR, AND)")
            }
            condition = value
        }
        var target = Allowlist.Target.secret
        if let name = raw.regexTarget {
            guard let value = Allowlist.Target(rawValue: name.value) else {
                throw RuleFileError(name.position, "unknown regexTarget '\(name.value)' (known: secret, match, line)")
            }
            target = value
        }
        for word in raw.stopwords where word.value.isEmpty {
            throw RuleFileError(word.position, "an empty stopword would allow everything")
        }
        let regexes = try raw.regexes.map { try compileRegex($0, secretGroup: nil, owner: "allowlist") }
        return Allowlist(
            description: raw.description?.value ?? "", condition: condition, regexes: regexes,
            regexTarget: target, stopwords: raw.stopwords.map(\.value))
    }

    private func compileRegion(_ raw: RawRegion) throws -> DeclaredRegion {
        guard let id = raw.id else { throw RuleFileError(raw.position, "region has no 'id'") }
        try checkID(id, what: "region id")
        let anchor: DeclaredRegion.Anchor
        if let label = raw.label {
            if let row = raw.row ?? raw.col ?? raw.height {
                throw RuleFileError(
                    row.position, "region '\(id.value)' has a 'label'; 'row', 'col' and 'height' belong to rectangles")
            }
            guard !label.value.isEmpty else {
                throw RuleFileError(label.position, "region '\(id.value)' has an empty label")
            }
            if let width = raw.width, !(1...Self.maximumSize).contains(width.value) {
                throw RuleFileError(width.position, "'width' must be 1–\(Self.maximumSize)")
            }
            anchor = .label(label.value, width: raw.width?.value)
        } else {
            guard let row = raw.row, let col = raw.col, let width = raw.width else {
                throw RuleFileError(
                    raw.position,
                    "region '\(id.value)' needs a 'label', or 'row', 'col' and 'width' (and 'height', default 1)")
            }
            for value in [row, col] where !(0..<Self.maximumSize).contains(value.value) {
                throw RuleFileError(value.position, "row and col must be 0–\(Self.maximumSize - 1)")
            }
            for value in [width, raw.height].compactMap({ $0 }) where !(1...Self.maximumSize).contains(value.value) {
                throw RuleFileError(value.position, "width and height must be 1–\(Self.maximumSize)")
            }
            anchor = .rectangle(row: row.value, col: col.value, width: width.value, height: raw.height?.value ?? 1)
        }
        var style: RedactionStyle?
        if let name = raw.style {
            guard RedactionStyle.ruleStyleNames.contains(name.value) else {
                throw RuleFileError(
                    name.position,
                    "unknown style '\(name.value)' (known: \(RedactionStyle.ruleStyleNames.joined(separator: ", ")))")
            }
            style =
                name.value == "placeholder"
                ? .placeholder(label: .ruleID, normalizeLength: false) : RedactionStyle(name: name.value)
        }
        return DeclaredRegion(
            id: id.value, anchor: anchor, description: raw.description?.value ?? "",
            category: try raw.category.map(category) ?? .secret,
            severity: try raw.severity.map { try severity($0) } ?? .block, style: style)
    }

    static let maximumSize = 1000
}
