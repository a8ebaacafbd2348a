#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// The most values remembered; past it the oldest quarter is forgotten.
    public static let maximumCount = 4096

    /// Remembered values, oldest first.
    private(set) var values: [KnownValue] = []
    private var seen: Set<[UInt8]> = []
    /// The search index of ``values``, rebuilt only when a value is added or forgotten
    /// (a recording judges thousands of line sets against the same values).
    private(set) var index = NeedleIndex([])

    public init() {}

    /// How many values are remembered.
    public var count: Int { values.count }
    /// Whether none is.
    public var isEmpty: Bool { values.isEmpty }

    /// Whether `other` remembers the same values, in the same order, found by the same rules.
    public func remembersTheSame(as other: KnownValues) -> Bool {
        values.count == other.values.count
            && zip(values, other.values).allSatisfy { $0.bytes == $1.bytes && $0.ruleID == $1.ruleID }
    }

    /// Remembers the values of the rule findings among `findings` (repeats included, which
    /// add nothing new). The index grows with each new value; past ``maximumCount`` the
    /// oldest quarter is forgotten at once and the index rebuilt, so a flood of values (a
    /// screenful of addresses in every frame) costs about the values, not values × frames.
    public mutating func remember(_ findings: [Finding]) {
        var added: [[UInt8]] = []
        for finding in findings where Self.propagates(finding) {
            let value = KnownValue(finding)
            if seen.insert(value.bytes).inserted {
                values.append(value)
                added.append(value.bytes)
            }
        }
        guard !added.isEmpty else { return }
        if values.count > Self.maximumCount {
            let forgotten = values.count - Self.maximumCount * 3 / 4
            for value in values[..<forgotten] { seen.remove(value.bytes) }
            values.removeFirst(forgotten)
            index = NeedleIndex(values.map(\.bytes))
        } else {
            index.add(added)
        }
    }

    /// Whether `bytes` is remembered.
    func contains(_ bytes: [UInt8]) -> Bool { seen.contains(bytes) }

    /// Whether a finding's value is hidden elsewhere too: a rule's, long enough, one line.
    static func propagates(_ finding: Finding) -> Bool {
        // Bytes, not `String.contains`: that goes through Foundation's string search.
        finding.source == .rule && finding.secretText.utf8.count >= RuleSet.minimumRepeatLength
            && finding.secretText.unicodeScalars.count >= RuleSet.minimumRepeatLength
            && !finding.secretText.utf8.contains(0x0A)
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
        guard !text.bytes.isEmpty else { return [] }
        // This run's own values (a few, compared directly; a `KnownValue` is made only for a
        // repeat), apart from the known ones (indexed once).
        var own: [(bytes: [UInt8], finding: Int)] = []
        var ownValues = Set<[UInt8]>()
        for index in findings.indices where KnownValues.propagates(findings[index]) {
            let bytes = Array(findings[index].secretText.utf8)
            guard known.isEmpty || !known.contains(bytes), ownValues.insert(bytes).inserted else { continue }
            own.append((bytes, index))
        }
        guard !own.isEmpty || !known.isEmpty else { return [] }
        // Lines that are only context are not searched: what is found there is left out
        // (``leaveOutContextRows``), and a flood's every line above is full of known values.
        let context = location == .screen ? contextRows : nil
        if own.isEmpty && known.count <= Self.searchedValueLimit && searchesKnownValuesFirst {
            // The frequent case (a screen without findings, a few values known): the same
            // search as below with the known values' own index, skipped when no 6 bytes of
            // the text can start a value.
            var found: [(index: Int, spans: [CellSpan])] = []
            if text.mayHoldNeedle(of: known.index) {
                found = text.searchedOccurrences(of: known.index.needles, skipping: context)
            }
            if !text.isTitle && text.hasEdgeLine { found += text.edgeOccurrences(using: known.index) }
            var covered = CoverIndex(findings, location: location)
            var added: [Int] = []
            for (number, spans) in found where !covered.covers(spans) {
                covered.add(spans, finding: findings.count)
                added.append(findings.count)
                findings.append(known.values[number].finding(at: spans, location: location))
            }
            return added
        }
        // Value `number` counts the known values first, then this run's.
        func value(_ number: Int) -> KnownValue {
            number < known.count ? known.values[number] : KnownValue(findings[own[number - known.count].finding])
        }
        var found: [(value: Int, spans: [CellSpan])] = []
        let onGrid = !text.isTitle && text.hasEdgeLine
        // A few values: one `memchr` search each, cheaper than building an index.
        func searched(_ needles: [[UInt8]], first: Int) {
            found += text.searchedOccurrences(of: needles, skipping: context).map { (first + $0.index, $0.spans) }
            guard onGrid else { return }
            let byFirstByte = Dictionary(
                grouping: needles.indices.filter { needles[$0].count >= NeedleIndex.width }, by: { needles[$0][0] })
            let edge = text.edgeOccurrences(of: needles.map(\.count).max() ?? 0) {
                byFirstByte[$0] ?? []
            } needle: {
                needles[$0]
            }
            found += edge.map { (first + $0.index, $0.spans) }
        }
        // Many: one pass over the text with an index.
        func indexed(_ index: NeedleIndex, first: Int) {
            found += text.occurrences(using: index, skipping: context).map { (first + $0.index, $0.spans) }
            if onGrid { found += text.edgeOccurrences(using: index).map { (first + $0.index, $0.spans) } }
        }
        if known.count + own.count <= Self.searchedValueLimit {
            searched(known.values.map(\.bytes) + own.map(\.bytes), first: 0)
        } else {
            // The known values through their index (built once); this run's few values one by
            // one (a flood finds a few per line, and an index per line costs more than them).
            indexed(known.index, first: 0)
            if own.count <= Self.searchedValueLimit {
                searched(own.map(\.bytes), first: known.count)
            } else {
                indexed(NeedleIndex(own.map(\.bytes)), first: known.count)
            }
        }
        var covered = CoverIndex(findings, location: location)
        var added: [Int] = []
        for (number, spans) in found where !covered.covers(spans) {
            covered.add(spans, finding: findings.count)
            added.append(findings.count)
            findings.append(value(number).finding(at: spans, location: location))
        }
        return added
    }
}

/// The cells of findings at one location, by row, to ask whether one finding covers given
/// cells (``Finding/covers(_:)``) without comparing every finding: a screen full of values
/// found again at their own places (a thousand rows of addresses) stays linear.
struct CoverIndex {
    private var ranges: [Int: [(cols: Range<Int>, finding: Int)]] = [:]
    private var isEmpty = true

    init(_ findings: [Finding], location: Finding.Location) {
        for (index, finding) in findings.enumerated() where finding.location == location {
            add(finding.spans, finding: index)
        }
    }

    /// Adds the cells of finding number `finding`.
    mutating func add(_ spans: [CellSpan], finding: Int) {
        isEmpty = false
        for span in spans { ranges[span.row, default: []].append((span.col..<(span.col + span.width), finding)) }
    }

    /// Whether one finding's spans hold every cell of `spans`.
    func covers(_ spans: [CellSpan]) -> Bool {
        guard let first = spans.first else { return !isEmpty }
        var candidates = findings(holding: first)
        for span in spans.dropFirst() where !candidates.isEmpty {
            candidates.formIntersection(findings(holding: span))
        }
        return !candidates.isEmpty
    }

    private func findings(holding span: CellSpan) -> Set<Int> {
        var found = Set<Int>()
        for range in ranges[span.row] ?? []
        where range.cols.lowerBound <= span.col && span.col + span.width <= range.cols.upperBound {
            found.insert(range.finding)
        }
        return found
    }
}

/// Values to search a text for, indexed: a 65,536-bit filter of their first 6 bytes and a
/// table of them, and the values by first byte (for the screen's edge). A value: adding
/// needles (``add(_:)``) extends it in place when it is not shared.
struct NeedleIndex: Sendable {
    /// The values (at least 6 bytes each count; shorter ones are never found).
    private(set) var needles: [[UInt8]] = []
    private(set) var filter: [UInt64] = []
    private(set) var byKey: [UInt64: [Int]] = [:]
    /// Needles by their first byte.
    private(set) var byFirstByte: [[Int]] = []
    /// Bit ``trigramSlot(_:)`` of the 3 bytes at offsets 0 to 3 of each needle of at least
    /// ``width`` bytes: every place such a needle occurs holds one of them at an offset that
    /// is a multiple of 4.
    private(set) var trigrams = [UInt64](repeating: 0, count: 64)
    /// The longest needle, in bytes.
    private(set) var longest = 0

    static let width = 6

    init(_ needles: [[UInt8]]) {
        add(needles)
    }

    /// Adds `more` needles after the ones indexed (their indices follow).
    mutating func add(_ more: [[UInt8]]) {
        guard !more.isEmpty else { return }
        if filter.isEmpty {
            filter = [UInt64](repeating: 0, count: 1024)
            byFirstByte = [[Int]](repeating: [], count: 256)
        }
        for needle in more {
            let index = needles.count
            needles.append(needle)
            longest = max(longest, needle.count)
            guard needle.count >= Self.width else { continue }
            let key = needle[0..<Self.width].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
            let slot = Self.slot(key)
            filter[slot >> 6] |= 1 << UInt64(slot & 63)
            byKey[key, default: []].append(index)
            byFirstByte[Int(needle[0])].append(index)
            for d in 0...3 {
                let piece = UInt32(needle[d]) | UInt32(needle[d + 1]) << 8 | UInt32(needle[d + 2]) << 16
                let slot = Self.trigramSlot(piece)
                trigrams[slot >> 6] |= 1 << UInt64(slot & 63)
            }
        }
    }

    /// The bit of 3 bytes (the first lowest) in ``trigrams``.
    @inline(__always) static func trigramSlot(_ bytes: UInt32) -> Int {
        Int(truncatingIfNeeded: (bytes &* 0x9E37_79B1) >> 20)
    }

    @inline(__always) static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 48)
    }
}

extension DetectionRun {
    /// Up to this many values are searched one by one (`memchr`), cheaper than building an
    /// index for the few values of one screen.
    static let searchedValueLimit = 16
}

extension ScreenText {
    /// The occurrences of each of `needles` (at least 6 bytes), by a `memchr` search of the
    /// whole text per needle, kept when they lie within one line that is not only `context`
    /// rows (``isContext(_:_:)``).
    func searchedOccurrences(of needles: [[UInt8]], skipping context: [Bool]? = nil) -> [(
        index: Int, spans: [CellSpan]
    )] {
        var found: [(index: Int, spans: [CellSpan])] = []
        guard !needles.isEmpty else { return found }
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            for (index, needle) in needles.enumerated() where needle.count >= NeedleIndex.width {
                let first = Int32(needle[0])
                let last = raw.count - needle.count
                var start = 0
                // `memchr` finds each place of the first byte; the rest is compared there.
                while start <= last, let hit = memchr(base + start, first, last - start + 1) {
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    start = offset + 1
                    guard (1..<needle.count).allSatisfy({ raw[offset + $0] == needle[$0] }) else { continue }
                    let end = offset + needle.count
                    let line = lines[lineNumber(ofByte: offset)]
                    if end <= line.range.upperBound && !isContext(line, context) {
                        found.append((index, cellSpans(for: offset..<end)))
                    }
                }
            }
        }
        return found
    }

    /// Whether every row of `line` is only context (`context[row]`, as
    /// ``RuleSet/findings(in:allowance:known:contextRows:)`` takes it): a value found there
    /// would be left out, so it is not searched.
    @inline(__always) func isContext(_ line: Line, _ context: [Bool]?) -> Bool {
        guard let context, line.firstRow >= 0, line.lastRow < context.count else { return false }
        return (line.firstRow...line.lastRow).allSatisfy { context[$0] }
    }

    /// Whether the text may hold a needle of `index` (6 bytes or more) within a line: false
    /// when none of the 3-byte pieces at every 4th byte (across lines too) is one of the
    /// needles' ``NeedleIndex/trigrams``. Reads a quarter of the places.
    func mayHoldNeedle(of index: NeedleIndex) -> Bool {
        guard !index.byKey.isEmpty, bytes.count >= NeedleIndex.width else { return false }
        return bytes.withUnsafeBufferPointer { all in
            index.trigrams.withUnsafeBufferPointer { trigrams in
                guard let base = all.baseAddress else { return false }
                var q = 0
                while q + 3 <= all.count {
                    let piece: UInt32
                    if q + 4 <= all.count {
                        let word = UnsafeRawPointer(base + q).loadUnaligned(as: UInt32.self)
                        piece = UInt32(littleEndian: word) & 0xFF_FFFF
                    } else {
                        piece = UInt32(all[q]) | UInt32(all[q + 1]) << 8 | UInt32(all[q + 2]) << 16
                    }
                    let slot = NeedleIndex.trigramSlot(piece)
                    if trigrams[slot >> 6] & (1 << UInt64(slot & 63)) != 0 { return true }
                    q += 4
                }
                return false
            }
        }
    }

    /// Whether a line's text reaches the last column of a grid (where a value can be split or
    /// cut by the edge).
    var hasEdgeLine: Bool {
        cols > 0
            && lines.contains { !$0.range.isEmpty && cellIndex(ofByte: $0.range.upperBound - 1) % cols == cols - 1 }
    }

    /// The index of the line holding byte `offset`.
    func lineNumber(ofByte offset: Int) -> Int {
        var low = 0
        var high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The cell spans of every occurrence of each of `needles` (at least 6 bytes each;
    /// shorter ones are ignored) in the lines, never across lines, in text order, with the
    /// needle's index. A small search (text bytes × needles ≤ `directLimit`: a log event)
    /// compares directly; a larger one goes through a ``NeedleIndex``.
    func occurrences(of needles: [[UInt8]], directLimit: Int = 4096) -> [(index: Int, spans: [CellSpan])] {
        guard !needles.isEmpty else { return [] }
        if bytes.count * needles.count <= directLimit {
            return directOccurrences(of: needles, width: NeedleIndex.width)
        }
        return occurrences(using: NeedleIndex(needles))
    }

    /// ``occurrences(of:directLimit:)`` through an index built beforehand. One pass over the
    /// text: a 6-byte rolling window is looked up in the index's filter, and only on a hit in
    /// its table of the needles' first 6 bytes. Lines of `context` rows only are skipped.
    func occurrences(using index: NeedleIndex, skipping context: [Bool]? = nil) -> [(index: Int, spans: [CellSpan])] {
        let width = NeedleIndex.width
        guard !index.byKey.isEmpty else { return [] }
        let mask: UInt64 = (1 << 48) - 1
        let needles = index.needles
        var found: [(index: Int, spans: [CellSpan])] = []
        bytes.withUnsafeBufferPointer { all in
            index.filter.withUnsafeBufferPointer { filter in
                for line in lines where line.range.count >= width && !isContext(line, context) {
                    var window: UInt64 = 0
                    for j in line.range {
                        window = ((window << 8) | UInt64(all[j])) & mask
                        guard j - line.range.lowerBound >= width - 1 else { continue }
                        let s = NeedleIndex.slot(window)
                        guard filter[s >> 6] & (1 << UInt64(s & 63)) != 0, let indices = index.byKey[window] else {
                            continue
                        }
                        let start = j - (width - 1)
                        for number in indices {
                            let needle = needles[number]
                            let end = start + needle.count
                            guard end <= line.range.upperBound,
                                (width..<needle.count).allSatisfy({ all[start + $0] == needle[$0] })
                            else { continue }
                            found.append((number, cellSpans(for: start..<end)))
                        }
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

    /// On a grid, the occurrences of the index's needles that the right edge splits or cuts:
    /// a line whose text reaches the last column ends with the start of a needle, and either
    /// the next row starts with the rest (a value written across two rows without a soft
    /// wrap: a capture that lost its wrap flags, a program that breaks lines itself) or the
    /// start alone is at least ``RuleSet/minimumRepeatLength`` characters (the rest cut off).
    func edgeOccurrences(using index: NeedleIndex) -> [(index: Int, spans: [CellSpan])] {
        guard !index.byFirstByte.isEmpty else { return [] }
        return edgeOccurrences(of: index.longest, startingWith: { index.byFirstByte[Int($0)] }) { index.needles[$0] }
    }

    /// ``edgeOccurrences(using:)`` with the needles (at most `longest` bytes) that start with
    /// a byte, and each needle, given by functions.
    func edgeOccurrences(
        of longest: Int, startingWith: (UInt8) -> [Int], needle: (Int) -> [UInt8]
    ) -> [(index: Int, spans: [CellSpan])] {
        guard cols > 0, longest > 0 else { return [] }
        var found: [(index: Int, spans: [CellSpan])] = []
        bytes.withUnsafeBufferPointer { all in
            for (number, line) in lines.enumerated() where !line.range.isEmpty {
                guard cellIndex(ofByte: line.range.upperBound - 1) % cols == cols - 1 else { continue }
                let next: ScreenText.Line? =
                    number + 1 < lines.count && lines[number + 1].firstRow == line.lastRow + 1
                        && !lines[number + 1].range.isEmpty
                        && cellIndex(ofByte: lines[number + 1].range.lowerBound) % cols == 0
                    ? lines[number + 1] : nil
                // Each place in the line's last `longest - 1` bytes where a needle may start.
                let first = max(line.range.lowerBound, line.range.upperBound - (longest - 1))
                for from in first..<line.range.upperBound {
                    let head = line.range.upperBound - from
                    for needleIndex in startingWith(all[from]) {
                        let needle = needle(needleIndex)
                        guard head < needle.count, (1..<head).allSatisfy({ all[from + $0] == needle[$0] }) else {
                            continue
                        }
                        let rest = needle.count - head
                        if let next, rest <= next.range.count,
                            (0..<rest).allSatisfy({ all[next.range.lowerBound + $0] == needle[head + $0] })
                        {
                            found.append(
                                (
                                    needleIndex,
                                    cellSpans(for: from..<line.range.upperBound)
                                        + cellSpans(for: next.range.lowerBound..<(next.range.lowerBound + rest))
                                ))
                        } else if String(decoding: needle[..<head], as: UTF8.self).unicodeScalars.count
                            >= RuleSet.minimumRepeatLength
                        {
                            found.append((needleIndex, cellSpans(for: from..<line.range.upperBound)))
                        }
                    }
                }
            }
        }
        return found
    }
}
