/// "Did you mean …?" for a misspelt key: the known key nearest to it.
public enum KeySuggestion {
    /// The known key within edit distance 2 of `key` (case-insensitive), if any.
    public static func nearest(_ key: String, in known: [String]) -> String? {
        let best = known.map { ($0, distance(key.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 2 else { return nil }
        return best.0
    }

    /// Edit distance between `a` and `b`, in characters: insertions, deletions, substitutions
    /// and swaps of two neighbours (`scna` is one edit from `scan`), each counting one (the
    /// optimal string alignment distance).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = previous
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], before[j - 2] + 1)
                }
            }
            (before, previous) = (previous, row)
        }
        return previous[b.count]
    }
}
