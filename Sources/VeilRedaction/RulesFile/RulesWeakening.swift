/// A setting of a rules file that makes an audit see less than the built-in rules do: it turns
/// built-in rules off, replaces one, allows almost any value, or stops scanning a channel.
///
/// A rules file can come from the tree under audit, which a pull request controls, so
/// `veil audit` reports each of these as a blocking finding at its line unless the workflow
/// pinned a rules file with the same content (SECURITY.md, "Rules from the tree").
public struct RulesWeakening: Sendable, Hashable, CustomStringConvertible {
    /// What kind of weakening.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `extend: {useDefault: false}`: no built-in rule applies.
        case builtInRulesOff
        /// `extend: {disabledRules: [ID]}`: one built-in rule is off.
        case builtInRuleDisabled
        /// A rule with a built-in rule's id replaces it.
        case builtInRuleReplaced
        /// A top-level allowlist that lets through values of many kinds.
        case broadAllowlist
        /// `scanTitle: false`: the window title is not scanned.
        case channelOff
    }

    /// What kind of weakening.
    public var kind: Kind
    /// Where the setting is written.
    public var position: SourcePosition
    /// The setting, as a reader finds it in the file (`extend.useDefault: false`).
    public var setting: String
    /// What it does, in words.
    public var effect: String

    public var description: String { "\(position): \(setting): \(effect)" }

    /// The weakenings in `yaml`, read from `file`: none for a file that only adds rules,
    /// regions and narrow allowlists.
    /// - Throws: ``RuleFileError`` for a file that does not parse (the same error loading it
    ///   gives).
    public static func find(inYAML yaml: String, file: String) throws -> [RulesWeakening] {
        let raw = try RawRuleFile(yaml: yaml, file: file)
        return find(in: raw)
    }

    /// The weakenings of a parsed rules file.
    static func find(in raw: RawRuleFile) -> [RulesWeakening] {
        var found: [RulesWeakening] = []
        if let useDefault = raw.extend?.useDefault, !useDefault.value {
            found.append(
                RulesWeakening(
                    kind: .builtInRulesOff, position: useDefault.position, setting: "extend.useDefault: false",
                    effect: "turns every built-in rule off"))
        }
        for id in raw.extend?.disabledRules ?? [] {
            found.append(
                RulesWeakening(
                    kind: .builtInRuleDisabled, position: id.position, setting: "extend.disabledRules: \(id.value)",
                    effect: "turns the built-in rule \(id.value) off"))
        }
        if let scanTitle = raw.scanTitle, !scanTitle.value {
            found.append(
                RulesWeakening(
                    kind: .channelOff, position: scanTitle.position, setting: "scanTitle: false",
                    effect: "stops scanning the window title"))
        }
        let builtInIDs = Set(RawRuleFile.builtIn().rules.compactMap { $0.id?.value })
        for rule in raw.rules {
            guard let id = rule.id, builtInIDs.contains(id.value) else { continue }
            found.append(
                RulesWeakening(
                    kind: .builtInRuleReplaced, position: id.position, setting: "rules: id \(id.value)",
                    effect: "replaces the built-in rule \(id.value) with this file's"))
        }
        for allowlist in raw.allowlists {
            guard let broad = BroadAllowlist.check(allowlist) else { continue }
            found.append(
                RulesWeakening(
                    kind: .broadAllowlist, position: broad.position, setting: broad.setting, effect: broad.effect))
        }
        return found.sorted { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
    }
}

/// Whether a top-level allowlist is broad: one of its regexes, or one of its stopwords, lets
/// through secrets of at least two of the ``probes``' kinds (a narrow allowlist names one test
/// value or one form), or a stopword is shorter than 3 characters (it is in most values). A
/// regex that runs out of its step budget on a probe counts as letting it through (fail
/// closed).
enum BroadAllowlist {
    /// A secret of one kind: the value, the match a rule would report, and its line.
    struct Probe {
        var kind: String
        var secret: String
        var match: String
        var line: String
    }

    /// Values of eleven kinds, none of them a placeholder or a known test value.
    static let probes = [
        Probe(
            kind: "card", secret: "4929 3813 3266 4298", match: "4929 3813 3266 4298", line: "Card: 4929 3813 3266 4298"
        ),
        Probe(
            kind: "access key", secret: "AKIAQ4JZ7X2N5R8T3W6Y", match: "AKIAQ4JZ7X2N5R8T3W6Y",
            line: "aws_access_key_id = AKIAQ4JZ7X2N5R8T3W6Y"),
        Probe(
            kind: "password", secret: "Tr0ub4dor&3xyz", match: "password: Tr0ub4dor&3xyz",
            line: "password: Tr0ub4dor&3xyz"),
        Probe(
            kind: "token", secret: "Zq8vK2mW9xT4rB7nL3pY6sHd", match: "token=Zq8vK2mW9xT4rB7nL3pY6sHd",
            line: "export token=Zq8vK2mW9xT4rB7nL3pY6sHd"),
        Probe(
            kind: "email", secret: "maria.lopez@corp-mail.net", match: "maria.lopez@corp-mail.net",
            line: "Contact maria.lopez@corp-mail.net"),
        Probe(kind: "phone", secret: "+44 20 7946 0958", match: "+44 20 7946 0958", line: "Call +44 20 7946 0958"),
        Probe(
            kind: "code host token", secret: "ghp_1aB2cD3eF4gH5iJ6kL7mN8oP9qR0sT1uV2w",
            match: "ghp_1aB2cD3eF4gH5iJ6kL7mN8oP9qR0sT1uV2w",
            line: "GITHUB_TOKEN=ghp_1aB2cD3eF4gH5iJ6kL7mN8oP9qR0sT1uV2w"),
        Probe(
            kind: "IBAN", secret: "DE89 3704 0044 0532 0130 00", match: "DE89 3704 0044 0532 0130 00",
            line: "IBAN: DE89 3704 0044 0532 0130 00"),
        Probe(kind: "SSN", secret: "512-38-1947", match: "512-38-1947", line: "SSN 512-38-1947"),
        Probe(
            kind: "resident ID", secret: "110105199003071234", match: "110105199003071234",
            line: "身份证号 110105199003071234"),
        Probe(
            kind: "JWT", secret: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlMTIzNDU2",
            match: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlMTIzNDU2",
            line: "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlMTIzNDU2"),
    ]

    /// The ICU steps one regex may spend on one probe.
    static let stepsPerProbe = 250

    struct Verdict {
        var position: SourcePosition
        var setting: String
        var effect: String
    }

    /// What letting through values of `kinds` means, in words.
    static func effect(_ kinds: [Probe]) -> String {
        "allows values of \(kinds.count) different kinds (\(kinds.map(\.kind).joined(separator: ", "))), not one known value"
    }

    /// The broad regex or stopword of `allowlist`, or nil when it is narrow.
    static func check(_ allowlist: RawAllowlist) -> Verdict? {
        let target = allowlist.regexTarget?.value ?? "secret"
        func text(_ probe: Probe) -> String {
            switch target {
            case "match": probe.match
            case "line": probe.line
            default: probe.secret
            }
        }
        var verdicts: [Verdict] = []
        var regexBroad = false
        for regex in allowlist.regexes {
            let compiled = StepCountedRegex(source: regex.value)
            let kinds = probes.filter { probe in
                guard let compiled else { return false }  // it does not compile: loading says so
                var found = false
                let outcome = compiled.enumerate(Array(text(probe).utf16), group: 0, allowance: stepsPerProbe) { _, _ in
                    found = true
                    return false
                }
                return found || outcome.stopped
            }
            if kinds.count >= 2 {
                regexBroad = true
                verdicts.append(
                    Verdict(
                        position: regex.position, setting: "allowlists: regexes '\(regex.value)'",
                        effect: effect(kinds)))
            }
        }
        var stopwordBroad = false
        for stopword in allowlist.stopwords {
            let word = stopword.value.lowercased()
            let kinds = probes.filter { word.isEmpty || $0.secret.lowercased().contains(word) }
            if kinds.count >= 2 || word.count < 3 {
                stopwordBroad = true
                verdicts.append(
                    Verdict(
                        position: stopword.position, setting: "allowlists: stopwords '\(stopword.value)'",
                        effect: kinds.count >= 2
                            ? effect(kinds)
                            : "allows every value holding '\(stopword.value)', a word of under 3 characters"))
            }
        }
        let and = allowlist.condition?.value.uppercased() == "AND"
        let broad =
            and
            ? (allowlist.regexes.isEmpty || regexBroad) && (allowlist.stopwords.isEmpty || stopwordBroad)
            : regexBroad || stopwordBroad
        return broad ? verdicts.first : nil
    }
}
