import VeilRedaction

/// Judges the texts a medium holds with the text rules (``RuleSet/textFindings(in:)``),
/// keeping each distinct (place, rule, value) once: the first place it was seen.
struct MediaTextJudge {
    let rules: RuleSet
    /// The file, for errors.
    let path: String
    private(set) var findings: [MediaFinding] = []
    private var seen: Set<String> = []

    init(rules: RuleSet, path: String) {
        self.rules = rules
        self.path = path
    }

    /// Judges `text`. `keep` drops findings that are not the text's own (those in context
    /// put before it); `place` gives each finding's place from its position in `text`.
    /// - Throws: ``InputError`` naming the file when a custom detector fails.
    mutating func judge(
        _ text: String, keep: (TextFinding) -> Bool = { _ in true }, place: (TextFinding) -> MediaPlace
    ) throws {
        guard !text.isEmpty else { return }
        let found: [TextFinding]
        do {
            found = try rules.textFindings(in: text)
        } catch {
            throw InputError(path: path, message: "\(error)")
        }
        guard !found.isEmpty else { return }
        let utf8 = Array(text.utf8)
        for item in found where keep(item) {
            let where_ = place(item)
            let key = [where_.kind.rawValue, where_.name, item.ruleID, item.finding.fingerprint].joined(
                separator: "\u{0}")
            guard seen.insert(key).inserted else { continue }
            let revealed = item.hiddenRanges.map { range in
                String(decoding: utf8[max(0, range.lowerBound)..<min(utf8.count, range.upperBound)], as: UTF8.self)
            }.joined(separator: " ")
            findings.append(
                MediaFinding(finding: item.finding, place: where_, revealed: revealed, textRanges: item.hiddenRanges))
        }
    }

    /// Whether anything was found.
    var isEmpty: Bool { findings.isEmpty }
}

extension MediaTextJudge {
    /// Sets the column of finding `index` (known only once its line is read again).
    mutating func setColumn(_ column: Int, of index: Int) {
        guard findings.indices.contains(index) else { return }
        findings[index].place.column = max(1, column)
    }
}
