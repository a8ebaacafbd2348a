@testable import Veil

/// Reports built the way the audit engine will build them, for the reporter tests.
enum AuditSamples {
    static let version = "9.9.9-test"
    static let duration = 12.345
    static let tool = AuditReport.Tool(version: version, informationURI: "https://veil.example/docs/audit")

    /// The raw values the engine would hold; no report may ever print them.
    static let rawCard = "4111 1111 1111 1111"
    static let rawCardDigits = "4111111111111111"
    static let rawIBAN = "DE89 3704 0044 0532 0130 00"
    static let rawResidentID = "11010519491231002X"
    static let rawEmail = "li.lei@bank-cn.com"
    static let rawPhone = "+1 415 555 0132"
    static let rawToken = "ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6Jf0Pa2Ue"
    static let rawSecrets = [rawCard, rawCardDigits, rawIBAN, rawResidentID, rawEmail, rawPhone, rawToken]

    static let rules: [AuditRule] =
        [
            AuditRule(
                id: "card.pan", name: "Payment card number",
                shortDescription: "A payment card number (PAN) is visible.",
                fullDescription: "13 to 19 digits with a known IIN, a valid length and a Luhn check digit.",
                help: "Hide the card number before the app enters the background, or mark it sensitive.",
                category: .secret, severity: .block),
            AuditRule(
                id: "iban", name: "IBAN",
                shortDescription: "An international bank account number is visible.",
                fullDescription:
                    "A country code, check digits and a BBAN of the country's length, valid under ISO 13616 mod 97.",
                help: "Cover account numbers with a privacy cover in applicationWillResignActive(_:).",
                category: .secret, severity: .block),
            AuditRule(
                id: "email", name: "E-mail address",
                shortDescription: "An e-mail address is visible.",
                fullDescription: "An address outside example.com, example.net, example.org and *.test.",
                help: "Hide personal data before the snapshot is taken.",
                category: .pii, severity: .block),
            AuditRule(
                id: "phone.intl", name: "Phone number",
                shortDescription: "An international phone number is visible.",
                fullDescription: "8 to 15 digits after a +, or a NANP number next to a context word.",
                help: "Hide phone numbers if they identify the user.",
                category: .pii, severity: .warn),
            AuditRule(
                id: "cn.resident_id", name: "居民身份证号码",
                shortDescription: "A Chinese resident identity card number (居民身份证) is visible.",
                fullDescription: "18 characters with a real birth date and an ISO 7064 MOD 11-2 check character.",
                help: "在进入后台之前隐藏身份证号码。",
                category: .pii, severity: .block),
            AuditRule(
                id: "github.token", name: "GitHub token",
                shortDescription: "A GitHub access token is visible.",
                fullDescription: "ghp_, gho_, ghu_, ghs_ or ghr_ and 36 characters of high entropy.",
                help: "Revoke the token and never show it on screen.",
                category: .secret, severity: .block),
            AuditRule(
                id: "generic.entropy", name: "High-entropy string",
                shortDescription: "A random-looking string that may be a secret is visible.",
                fullDescription: "20 or more base64 characters with Shannon entropy above 4.5.",
                help: "Check whether the string is a secret; accept it in the baseline if not.",
                category: .secret, severity: .warn),
        ] + AuditRule.lifecycleRules

    static func fingerprint(_ seed: Int) -> String {
        var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 &+ 0xD1B5_4A32_D192_ED03
        state ^= state >> 29
        state = state &* 0xBF58_476D_1CE4_E5B9
        state ^= state >> 32
        let hex = String(state, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func detection(
        _ ruleID: String, _ raw: String, showLast: Int = 0, input: String, line: Int, column: Int, length: Int,
        snapshot: String?, spans: [ScreenSpan] = [], seed: Int, baseline: AuditBaselineMatch? = nil
    ) -> AuditFinding {
        let rule = rules.first { $0.id == ruleID }!
        let masked = MaskedValue(masking: raw, showLast: showLast)
        return AuditFinding(
            ruleID: ruleID, category: rule.category, severity: rule.severity,
            message: AuditFinding.detectionMessage(ruleName: rule.name, masked: masked), masked: masked,
            location: AuditLocation(path: input, region: AuditRegion(line: line, column: column, length: length)),
            snapshotID: snapshot, spans: spans, fingerprint: fingerprint(seed), baseline: baseline
        )
    }

    static let bank = "Scenarios/bank.yml"
    static let pay = "Scenarios/支付.yml"
    static let capture = "captures/session 1.txt"
    static let broken = "captures/broken.cast"

    static let richInputs: [AuditedInput] = [
        AuditedInput(
            path: bank, kind: .scenario,
            snapshots: [
                AuditedSnapshot(
                    id: "bank-0001", file: bank, region: AuditRegion(line: 20, column: 5, length: 4), hidden: 3),
                AuditedSnapshot(
                    id: "bank-0002", file: bank, region: AuditRegion(line: 24, column: 5, length: 4), hidden: 1),
                AuditedSnapshot(
                    id: "bank-0003", file: bank, region: AuditRegion(line: 28, column: 5, length: 4), hidden: 2),
            ], durationSeconds: 0.5),
        AuditedInput(
            path: pay, kind: .scenario,
            snapshots: [
                AuditedSnapshot(
                    id: "pay-0001", file: pay, region: AuditRegion(line: 12, column: 5, length: 4), hidden: 0)
            ], durationSeconds: 0.25),
        AuditedInput(
            path: capture, kind: .capture,
            snapshots: [
                AuditedSnapshot(id: capture, file: capture, region: .fileStart, hidden: 2)
            ], durationSeconds: 0.125),
        AuditedInput(
            path: broken, kind: .capture,
            error: InputError(path: broken, line: 3, column: 7, message: "expected a JSON array of [time, type, data]")),
    ]

    static let richFindings: [AuditFinding] = [
        detection(
            "card.pan", rawCard, showLast: 4, input: bank, line: 20, column: 5, length: 4, snapshot: "bank-0001",
            spans: [ScreenSpan(row: 5, col: 10, width: 19)], seed: 1),
        detection(
            "iban", rawIBAN, input: bank, line: 20, column: 5, length: 4, snapshot: "bank-0001",
            spans: [ScreenSpan(row: 7, col: 10, width: 27)], seed: 2,
            baseline: AuditBaselineMatch(status: .accepted, reason: "demo account on the onboarding screen")),
        detection(
            "phone.intl", rawPhone, input: bank, line: 20, column: 5, length: 4, snapshot: "bank-0001",
            spans: [ScreenSpan(row: 9, col: 2, width: 15)], seed: 3),
        detection(
            "email", rawEmail, input: bank, line: 28, column: 5, length: 4, snapshot: "bank-0003",
            spans: [ScreenSpan(row: 3, col: 0, width: 18)], seed: 4,
            baseline: AuditBaselineMatch(status: .falsePositive, reason: nil)),
        detection(
            "generic.entropy", "c2VjcmV0LXNlc3Npb24ta2V5LXZhbHVl", input: bank, line: 28, column: 5, length: 4,
            snapshot: "bank-0003", spans: [ScreenSpan(row: 12, col: 4, width: 32)], seed: 5),
        AuditFinding(
            ruleID: "generic.entropy", category: .secret, severity: .block,
            message: AuditFinding.detectionMessage(
                ruleName: "High-entropy string next to a keyword", masked: MaskedValue(masking: rawToken)),
            masked: MaskedValue(masking: rawToken),
            location: AuditLocation(path: bank, region: AuditRegion(line: 28, column: 5, length: 4)),
            snapshotID: "bank-0003", spans: [ScreenSpan(row: 14, col: 7, width: 40)], fingerprint: fingerprint(6)
        ),
        AuditFinding(
            ruleID: "lifecycle.watchdog", category: .lifecycle, severity: .block,
            message:
                "applicationDidEnterBackground(_:) ran 6.5 s, past its 5 s deadline; the watchdog killed the app (0x8badf00d) and no snapshot was taken",
            location: AuditLocation(path: bank, region: AuditRegion(line: 31, column: 5, length: 4)),
            snapshotID: nil, fingerprint: fingerprint(7)
        ),
        detection(
            "cn.resident_id", rawResidentID, showLast: 2, input: pay, line: 12, column: 5, length: 4,
            snapshot: "pay-0001",
            spans: [ScreenSpan(row: 4, col: 12, width: 18)], seed: 8),
        AuditFinding(
            ruleID: "lifecycle.backgroundTaskLeaked", category: .lifecycle, severity: .block,
            message: "后台任务 “upload” was begun in applicationDidEnterBackground(_:) and never ended",
            location: AuditLocation(path: pay, region: AuditRegion(line: 9, column: 7, length: 40)),
            snapshotID: "pay-0001", fingerprint: fingerprint(9)
        ),
        detection(
            "card.pan", rawCardDigits, input: capture, line: 3, column: 10, length: 16, snapshot: capture,
            spans: [ScreenSpan(row: 2, col: 9, width: 16)], seed: 10),
        detection(
            "github.token", rawToken, input: capture, line: 5, column: 1, length: 40, snapshot: capture,
            spans: [ScreenSpan(row: 4, col: 0, width: 40)], seed: 11),
    ]

    static let richStaleEntries = [
        StaleBaselineEntry(
            snapshotID: "bank-0009", ruleID: "iban", fingerprint: fingerprint(99), reason: "old demo screen")
    ]

    static let richNotAudited = [
        AuditSkippedMedia(
            path: "docs/demo.gif", kind: "image",
            reason: "OCR is unavailable: Tesseract cannot be loaded (libtesseract.so.5: cannot open shared object file)"
        ),
        AuditSkippedMedia(path: "recordings/画面.cast", kind: "image", reason: "a sixel image, not read, at line 7"),
    ]

    /// Several inputs (one unreadable), block/warn/life-cycle findings, suppressed ones, a
    /// stale baseline entry, files not audited, CJK in paths, names and messages.
    static func rich(
        rules: [AuditRule] = rules, inputs: [AuditedInput] = richInputs, findings: [AuditFinding] = richFindings
    ) -> AuditReport {
        AuditReport(
            tool: tool, rules: rules, inputs: inputs, findings: findings, baselinePath: ".veil-baseline.json",
            staleBaselineEntries: richStaleEntries, fingerprintSalt: .baseline,
            rulesFiles: [
                AuditRulesFile(path: ".veil.yml", source: .nearest, inputs: 2, pinned: true, weakenings: 1),
                AuditRulesFile(path: AuditRulesFile.builtInPath, source: .builtIn, inputs: 1, pinned: false),
            ], durationSeconds: duration, notAudited: richNotAudited, imagesRead: 1
        )
    }
}
