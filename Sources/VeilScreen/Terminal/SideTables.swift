/// An interned string table whose index 0 means "none", with a bound that triggers
/// garbage collection of entries no cell references any more.
struct StringTable: Sendable {
    private(set) var strings: [String] = [""]
    private var lookup: [String: Int] = [:]
    /// The table collects garbage when it would grow past this count.
    var threshold: Int
    /// The largest index the cells can hold.
    let maximumIndex: Int

    init(minimumThreshold: Int, maximumIndex: Int) {
        threshold = minimumThreshold
        self.maximumIndex = maximumIndex
    }

    var count: Int { strings.count }

    /// The index of `string` when it is already in the table.
    func existingIndex(of string: String) -> Int? { lookup[string] }

    /// Whether adding one more string needs a collection first.
    var isFull: Bool { strings.count >= threshold || strings.count > maximumIndex }

    /// Adds `string` (the caller checked it is new and the table not full); returns its index.
    mutating func append(_ string: String) -> Int {
        strings.append(string)
        lookup[string] = strings.count - 1
        return strings.count - 1
    }

    /// Keeps only the entries with `used[index]`, renumbered in order; returns the map
    /// from old to new indices (0 for dropped ones). The next threshold is twice the
    /// survivors (at least the minimum), so collections are amortised.
    mutating func compact(keeping used: [Bool], minimumThreshold: Int) -> [UInt32] {
        var remap = [UInt32](repeating: 0, count: strings.count)
        var kept: [String] = [""]
        lookup.removeAll(keepingCapacity: true)
        for index in 1..<strings.count where used[index] {
            remap[index] = UInt32(kept.count)
            lookup[strings[index]] = kept.count
            kept.append(strings[index])
        }
        strings = kept
        threshold = max(minimumThreshold, 2 * kept.count)
        return remap
    }

    mutating func removeAll() {
        strings = [""]
        lookup = [:]
    }
}

/// The tables that cells reference: combining clusters, sensitive reasons and links.
struct SideTables: Sendable {
    /// The most combining marks kept on one cell; later ones are dropped. Two, as xterm
    /// (its `combiningChars` resource's default), after composition (`e` + U+0301 is `é`).
    static let maximumCombiningMarks = 2
    /// The longest sensitive reason kept, in UTF-8 bytes (longer ones are cut).
    static let maximumReasonLength = 256
    /// The longest hyperlink URI kept, in UTF-8 bytes (longer links are ignored).
    static let maximumLinkLength = 2048
    static let minimumThreshold = 1024

    var clusters = StringTable(minimumThreshold: minimumThreshold, maximumIndex: Int(UInt32.max))
    var reasons = StringTable(minimumThreshold: minimumThreshold, maximumIndex: Int(UInt16.max))
    var links = StringTable(minimumThreshold: minimumThreshold, maximumIndex: Int(UInt16.max))
    /// New entries asked for since the last collection, and how many must be asked for
    /// before the next one (0 unless the last one left a table full).
    var internsSinceCollection = 0
    var internsBeforeNextCollection = 0
    /// Collections so far (tests check that they are amortised).
    var collections = 0
}

extension TerminalState {
    /// The index of a combining cluster's text, adding it when new.
    mutating func internCluster(_ text: String) -> UInt32 {
        if let index = tables.clusters.existingIndex(of: text) { return UInt32(index) }
        if tables.clusters.isFull { collectGarbage() }
        guard !tables.clusters.isFull else { return 0 }
        return UInt32(tables.clusters.append(text))
    }

    /// The index of a sensitive reason, adding it when new. When the table is full even
    /// after collecting, the mark still holds with the last reason (never unmarked).
    mutating func internReason(_ reason: String) -> UInt16 {
        if let index = tables.reasons.existingIndex(of: reason) { return UInt16(index) }
        if tables.reasons.isFull { collectGarbage() }
        guard !tables.reasons.isFull else { return UInt16(tables.reasons.count - 1) }
        return UInt16(tables.reasons.append(reason))
    }

    /// The index of a link URI, adding it when new; 0 (no link) when the table is full.
    mutating func internLink(_ uri: String) -> UInt16 {
        if let index = tables.links.existingIndex(of: uri) { return UInt16(index) }
        if tables.links.isFull { collectGarbage() }
        guard !tables.links.isFull else { return 0 }
        return UInt16(tables.links.append(uri))
    }

    /// Drops table entries that no cell (in either buffer) nor the pen references, and
    /// renumbers the references. A collection visits every cell of both buffers, so once one
    /// frees nothing (every entry still in use) the next waits until new entries were asked
    /// for as many times as a 64th of those cells: a stream of distinct links past a full
    /// table costs O(1) per link, not a collection each.
    mutating func collectGarbage() {
        let cellCount = 2 * cols * rows
        guard tables.internsSinceCollection >= tables.internsBeforeNextCollection else {
            tables.internsSinceCollection += 1
            return
        }
        extraWork &+= cellCount
        tables.internsSinceCollection = 0
        report(.renumberTables)  // copies of cells made so far keep the indices of now
        var usedClusters = [Bool](repeating: false, count: tables.clusters.count)
        var usedReasons = [Bool](repeating: false, count: tables.reasons.count)
        var usedLinks = [Bool](repeating: false, count: tables.links.count)
        usedReasons[Int(pen.sensitiveIndex)] = true
        usedLinks[Int(pen.linkIndex)] = true
        grid.markUsedIndices(clusters: &usedClusters, reasons: &usedReasons, links: &usedLinks)
        otherGrid.markUsedIndices(clusters: &usedClusters, reasons: &usedReasons, links: &usedLinks)
        let minimum = SideTables.minimumThreshold
        let clusterMap = tables.clusters.compact(keeping: usedClusters, minimumThreshold: max(minimum, cols * rows * 2))
        let reasonMap = tables.reasons.compact(keeping: usedReasons, minimumThreshold: minimum)
        let linkMap = tables.links.compact(keeping: usedLinks, minimumThreshold: minimum)
        grid.remapIndices(clusters: clusterMap, reasons: reasonMap, links: linkMap)
        otherGrid.remapIndices(clusters: clusterMap, reasons: reasonMap, links: linkMap)
        pen.sensitiveIndex = UInt16(reasonMap[Int(pen.sensitiveIndex)])
        pen.linkIndex = UInt16(linkMap[Int(pen.linkIndex)])
        let stillFull = tables.clusters.isFull || tables.reasons.isFull || tables.links.isFull
        tables.internsBeforeNextCollection = stillFull ? max(1, cellCount / 64) : 0
        tables.collections += 1
    }
}
