/// The spans of one row (of one location), for finding the spans that contain a given
/// run of columns without visiting the others: sorted by first column, with a tree of the
/// largest end column over them. Listing the `k` spans that contain a run costs
/// O((k + 1) log n), so the covered-findings pass is O(n log n) plus the overlaps.
struct CoveringSpanIndex {
    /// (first column, end column, owner) sorted by first column.
    private var starts: [Int] = []
    private var ends: [Int] = []
    private var owners: [Int] = []
    /// `maxEnd[node]` of a complete binary tree over `ends` (leaves from `leafBase`).
    private var maxEnd: [Int] = []
    private var leafBase = 1

    /// Builds the index of `spans`: (first column, end column exclusive, owner).
    init(_ spans: [(start: Int, end: Int, owner: Int)]) {
        let sorted = spans.sorted { ($0.start, $0.owner) < ($1.start, $1.owner) }
        starts = sorted.map(\.start)
        ends = sorted.map(\.end)
        owners = sorted.map(\.owner)
        while leafBase < max(1, sorted.count) { leafBase *= 2 }
        maxEnd = Array(repeating: Int.min, count: 2 * leafBase)
        for (index, end) in ends.enumerated() { maxEnd[leafBase + index] = end }
        var node = leafBase - 1
        while node >= 1 {
            maxEnd[node] = max(maxEnd[2 * node], maxEnd[2 * node + 1])
            node -= 1
        }
    }

    /// Calls `body` with the owner of every span that contains columns `start..<end`.
    func forEachOwner(containing start: Int, _ end: Int, _ body: (Int) -> Void) {
        // Spans that start at or before `start`: a prefix of the sorted order.
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= start { low = middle + 1 } else { high = middle }
        }
        let prefix = low
        guard prefix > 0 else { return }
        // Depth-first over the nodes whose range meets the prefix and whose largest end reaches `end`.
        var stack: [(node: Int, low: Int, high: Int)] = [(1, 0, leafBase)]
        while let (node, nodeLow, nodeHigh) = stack.popLast() {
            guard nodeLow < prefix, maxEnd[node] >= end else { continue }
            if nodeHigh - nodeLow == 1 {
                body(owners[nodeLow])
                continue
            }
            let middle = (nodeLow + nodeHigh) / 2
            stack.append((2 * node + 1, middle, nodeHigh))
            stack.append((2 * node, nodeLow, middle))
        }
    }
}
