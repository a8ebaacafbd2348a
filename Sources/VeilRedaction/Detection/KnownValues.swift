/// Values the rules found, to hide wherever they appear again: later on the same screen or
/// text, in later frames of a recording, in later pieces of a stream.
///
/// A value is remembered when a rule found it, it has at least
/// ``RuleSet/minimumRepeatLength`` characters and it is one line (a private key block is
/// not). Shorter values (a PIN, a short word) are not: they would hide unrelated text.
///
/// ```swift
/// var known = KnownValues()
/// for frame in frames {
///     let findings = try rules.findings(in: frame, known: known)   // earlier values hidden too
///     known.remember(findings)
/// }
/// ```
public struct KnownValues: Sendable {
    /// The most values remembered; past it the oldest are forgotten.
    public static let maximumCount = 4096

    /// Remembered values, oldest first.
    private(set) var values: [KnownValue] = []
    private var seen: Set<[UInt8]> = []

    public init() {}

    /// How many values are remembered.
    public var count: Int { values.count }
    /// Whether none is.
    public var isEmpty: Bool { values.isEmpty }

    /// Remembers the values of the rule findings among `findings` (repeats included, which
    /// add nothing new).
    public mutating func remember(_ findings: [Finding]) {
        for finding in findings where Self.propagates(finding) { add(KnownValue(finding)) }
        if values.count > Self.maximumCount {
            let forgotten = values.count - Self.maximumCount
            for value in values[..<forgotten] { seen.remove(value.bytes) }
            values.removeFirst(forgotten)
        }
    }

    mutating func add(_ value: KnownValue) {
        if seen.insert(value.bytes).inserted { values.append(value) }
    }

    /// Whether a finding's value is hidden elsewhere too: a rule's, long enough, one line.
    static func propagates(_ finding: Finding) -> Bool {
        finding.source == .rule && !finding.secretText.isEmpty
            && finding.secretText.unicodeScalars.count >= RuleSet.minimumRepeatLength
            && !finding.secretText.contains("\n")
    }
}

/// A value a rule found, hidden wherever it appears again.
struct KnownValue: Sendable {
    var bytes: [UInt8]
    var ruleID: String
    var category: RuleCategory
    var severity: Severity
    var style: RedactionStyle?
    var matchText: String
    var secretText: String

    init(_ finding: Finding) {
        bytes = Array(finding.secretText.utf8)
        ruleID = finding.ruleID
        category = finding.category
        severity = finding.severity
        style = finding.style
        matchText = finding.matchText
        secretText = finding.secretText
    }

    /// A finding of this value at `spans`.
    func finding(at spans: [CellSpan], location: Finding.Location) -> Finding {
        Finding(
            ruleID: ruleID, category: category, severity: severity, source: .rule, location: location,
            spans: spans, style: style, matchText: matchText, secretText: secretText)
    }
}

extension DetectionRun {
    /// Adds a finding for every other occurrence, in `text`, of the values of this run's
    /// findings and of `known` ones (see ``KnownValues``): anywhere in a line (bare, inside
    /// a longer word, quoted, across rows the terminal soft-wrapped) and, on a grid, split
    /// by the right edge (the start of the value ends a row at its last column, the rest
    /// starts the next row) or cut by it (at least ``RuleSet/minimumRepeatLength``
    /// characters of its start end a row at the last column). Returns the indices of the
    /// findings added. Nothing is searched when there is no value: a screen with no
    /// finding costs nothing more. Runs after the overlap pass (`findingRanks` no longer
    /// matches `findings` then, and is not extended).
    mutating func addRepeats(of known: KnownValues, in text: ScreenText, location: Finding.Location) -> [Int] {
        var all = known
        for finding in findings where KnownValues.propagates(finding) { all.add(KnownValue(finding)) }
        let values = all.values
        guard !values.isEmpty, !text.bytes.isEmpty else { return [] }
        var found = text.occurrences(of: values.map(\.bytes))
        if !text.isTitle { found += text.edgeOccurrences(of: values.map(\.bytes)) }
        var added: [Int] = []
        for (index, spans) in found where !findings.contains(where: { $0.location == location && $0.covers(spans) }) {
            added.append(findings.count)
            findings.append(values[index].finding(at: spans, location: location))
        }
        return added
    }
}

extension ScreenText {
    /// The cell spans of every occurrence of each of `needles` (at least 6 bytes each;
    /// shorter ones are ignored) in the lines, never across lines, in text order, with the
    /// needle's index. One pass over the text: a 6-byte rolling window is looked up in a
    /// 65,536-bit filter, and only on a hit in a table of the needles' first 6 bytes. A small
    /// search (text bytes × needles ≤ `directLimit`: a log event) compares directly instead,
    /// cheaper than building the filter.
    func occurrences(of needles: [[UInt8]], directLimit: Int = 4096) -> [(index: Int, spans: [CellSpan])] {
        let width = 6
        guard !needles.isEmpty else { return [] }
        if bytes.count * needles.count <= directLimit {
            return directOccurrences(of: needles, width: width)
        }
        let mask: UInt64 = (1 << 48) - 1
        @inline(__always) func slot(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 48)
        }
        var filter = [UInt64](repeating: 0, count: 1024)
        var byKey: [UInt64: [Int]] = [:]
        for (index, needle) in needles.enumerated() where needle.count >= width {
            let key = needle[0..<width].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
            filter[slot(key) >> 6] |= 1 << UInt64(slot(key) & 63)
            byKey[key, default: []].append(index)
        }
        guard !byKey.isEmpty else { return [] }
        var found: [(index: Int, spans: [CellSpan])] = []
        bytes.withUnsafeBufferPointer { all in
            for line in lines where line.range.count >= width {
                var window: UInt64 = 0
                for j in line.range {
                    window = ((window << 8) | UInt64(all[j])) & mask
                    guard j - line.range.lowerBound >= width - 1 else { continue }
                    let s = slot(window)
                    guard filter[s >> 6] & (1 << UInt64(s & 63)) != 0, let indices = byKey[window] else { continue }
                    let start = j - (width - 1)
                    for index in indices {
                        let needle = needles[index]
                        let end = start + needle.count
                        guard end <= line.range.upperBound,
                            (width..<needle.count).allSatisfy({ all[start + $0] == needle[$0] })
                        else { continue }
                        found.append((index, cellSpans(for: start..<end)))
                    }
                }
            }
        }
        return found
    }

    /// ``occurrences(of:directLimit:)`` by comparing each needle at each place.
    private func directOccurrences(of needles: [[UInt8]], width: Int) -> [(index: Int, spans: [CellSpan])] {
        var found: [(index: Int, spans: [CellSpan])] = []
        bytes.withUnsafeBufferPointer { all in
            for line in lines where line.range.count >= width {
                for start in line.range {
                    for (index, needle) in needles.enumerated() where needle.count >= width {
                        let end = start + needle.count
                        guard end <= line.range.upperBound, all[start] == needle[0],
                            (1..<needle.count).allSatisfy({ all[start + $0] == needle[$0] })
                        else { continue }
                        found.append((index, cellSpans(for: start..<end)))
                    }
                }
            }
        }
        return found
    }

    /// On a grid, the occurrences of `needles` that the right edge splits or cuts: a line
    /// whose text reaches the last column ends with the start of a needle, and either the
    /// next row starts with the rest (a value written across two rows without a soft wrap:
    /// a capture that lost its wrap flags, a program that breaks lines itself) or the start
    /// alone is at least ``RuleSet/minimumRepeatLength`` characters (the rest cut off).
    func edgeOccurrences(of needles: [[UInt8]]) -> [(index: Int, spans: [CellSpan])] {
        guard cols > 0 else { return [] }
        var found: [(index: Int, spans: [CellSpan])] = []
        bytes.withUnsafeBufferPointer { all in
            for (number, line) in lines.enumerated() where !line.range.isEmpty {
                guard cellIndex(ofByte: line.range.upperBound - 1) % cols == cols - 1 else { continue }
                let next: ScreenText.Line? =
                    number + 1 < lines.count && lines[number + 1].firstRow == line.lastRow + 1
                        && !lines[number + 1].range.isEmpty
                        && cellIndex(ofByte: lines[number + 1].range.lowerBound) % cols == 0
                    ? lines[number + 1] : nil
                for (index, needle) in needles.enumerated() where needle.count >= 6 {
                    // The longest start of the needle that ends the line.
                    for head in stride(from: min(needle.count - 1, line.range.count), through: 1, by: -1) {
                        let from = line.range.upperBound - head
                        guard all[from] == needle[0], (1..<head).allSatisfy({ all[from + $0] == needle[$0] }) else {
                            continue
                        }
                        let rest = needle.count - head
                        if let next, rest <= next.range.count,
                            (0..<rest).allSatisfy({ all[next.range.lowerBound + $0] == needle[head + $0] })
                        {
                            found.append(
                                (
                                    index,
                                    cellSpans(for: from..<line.range.upperBound)
                                        + cellSpans(for: next.range.lowerBound..<(next.range.lowerBound + rest))
                                ))
                            break
                        }
                        if String(decoding: needle[..<head], as: UTF8.self).unicodeScalars.count
                            >= RuleSet.minimumRepeatLength
                        {
                            found.append((index, cellSpans(for: from..<line.range.upperBound)))
                            break
                        }
                    }
                }
            }
        }
        return found
    }
}
