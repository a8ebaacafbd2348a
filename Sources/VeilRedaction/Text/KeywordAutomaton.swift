/// Every keyword of a rule set in one automaton (Aho–Corasick): one pass over a line, one
/// table step per byte, finds every keyword occurring in it, however many keywords there
/// are, ASCII letters in either case.
///
/// States are numbered breadth first, so shallow states come first. The first
/// ``denseStates`` states have a complete row (the next state for every byte class, failure
/// links already followed): a line mostly stays among them. Deeper states keep only their
/// own children and a failure link, so a rules file of many long keywords costs memory in
/// proportion to its keywords, not to keywords × byte classes.
struct KeywordAutomaton: Sendable {
    /// For each byte, its class (lowercased first): bytes that occur in no keyword share class 0.
    private let byteClass: [UInt8]
    /// The number of byte classes.
    private let classes: Int
    /// The complete rows of the first ``denseStates`` states: `dense[s * classes + c]`.
    private let dense: [Int32]
    /// How many states have a complete row (at least the root).
    let denseStates: Int
    /// For each state, its children as (class, state), sorted by class: `children[childStart[s]..<childStart[s + 1]]`.
    private let childStart: [Int32]
    private let childClass: [UInt8]
    private let childState: [Int32]
    /// For each state, its longest proper suffix that is a state.
    private let failure: [Int32]
    /// For each state, the keyword ending exactly there, or -1.
    private let keyword: [Int32]
    /// For each state, the first state on its suffix chain (itself included) where a keyword
    /// ends, or -1: the keywords a position reports are `keyword` along this chain.
    private let report: [Int32]
    /// For each state with a keyword, the next proper suffix state where one ends, or -1.
    private let nextReport: [Int32]

    /// The most table entries the complete rows may take (2^20 32-bit states, 4 MiB).
    static let maximumDenseEntries = 1 << 20

    /// The automaton of `keywords` (lowercased UTF-8, not empty, distinct); a match reports
    /// the keyword's index in `keywords`.
    init(keywords: [[UInt8]], maximumDenseEntries: Int = KeywordAutomaton.maximumDenseEntries) {
        var byteClass = [UInt8](repeating: 0, count: 256)
        var classes = 1
        for keyword in keywords {
            for b in keyword where byteClass[Int(b)] == 0 {
                // More than 255 distinct bytes cannot occur in lowercased keywords (A–Z fold),
                // so a class always fits in a byte.
                byteClass[Int(b)] = UInt8(classes)
                classes += 1
            }
        }
        for b in 0..<256 where ASCII.isUpper(UInt8(b)) { byteClass[b] = byteClass[Int(ASCII.lower(UInt8(b)))] }
        // The trie, its edges in one open-addressing table while it is built: (state, class)
        // → child, in at most twice as many slots as the keywords have bytes.
        let totalBytes = keywords.reduce(0) { $0 + $1.count }
        var capacity = 16
        while capacity < 2 * (totalBytes + 1) { capacity <<= 1 }
        let mask = capacity - 1
        var slotKey = [Int](repeating: -1, count: capacity)
        var slotChild = [Int32](repeating: 0, count: capacity)
        // For each state after the root (state = edge index + 1): its parent and class.
        var edgeParent: [Int32] = []
        var edgeClass: [UInt8] = []
        var ends = [Int32](repeating: -1, count: 1)
        edgeParent.reserveCapacity(totalBytes)
        edgeClass.reserveCapacity(totalBytes)
        ends.reserveCapacity(totalBytes + 1)
        for (id, keyword) in keywords.enumerated() {
            var state = 0
            for b in keyword {
                let c = byteClass[Int(b)]
                let key = state << 8 | Int(c)
                var slot = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
                while slotKey[slot] != -1 && slotKey[slot] != key { slot = (slot + 1) & mask }
                if slotKey[slot] == key {
                    state = Int(slotChild[slot])
                } else {
                    let child = ends.count
                    slotKey[slot] = key
                    slotChild[slot] = Int32(child)
                    edgeParent.append(Int32(state))
                    edgeClass.append(c)
                    ends.append(-1)
                    state = child
                }
            }
            if ends[state] < 0 { ends[state] = Int32(id) }
        }
        // Each state's children, sorted by class: `sortedChildren[firstChild[s]..<firstChild[s + 1]]`.
        let trieCount = ends.count
        var firstChild = [Int](repeating: 0, count: trieCount + 1)
        for parent in edgeParent { firstChild[Int(parent) + 1] += 1 }
        for s in 0..<trieCount { firstChild[s + 1] += firstChild[s] }
        var sortedChildren = [Int32](repeating: 0, count: trieCount - 1)
        var filled = firstChild
        for (edge, parent) in edgeParent.enumerated() {
            sortedChildren[filled[Int(parent)]] = Int32(edge + 1)
            filled[Int(parent)] += 1
        }
        for s in 0..<trieCount where firstChild[s + 1] - firstChild[s] > 1 {
            // Insertion sort by class: most states have one or two children, the root a few dozen.
            for i in (firstChild[s] + 1)..<firstChild[s + 1] {
                let moving = sortedChildren[i]
                let movingClass = edgeClass[Int(moving) - 1]
                var j = i
                while j > firstChild[s] && edgeClass[Int(sortedChildren[j - 1]) - 1] > movingClass {
                    sortedChildren[j] = sortedChildren[j - 1]
                    j -= 1
                }
                sortedChildren[j] = moving
            }
        }
        // Breadth-first renumbering, failure links and report chains.
        var order: [Int] = [0]
        order.reserveCapacity(trieCount)
        var number = [Int32](repeating: 0, count: trieCount)
        var head = 0
        while head < order.count {
            let state = order[head]
            head += 1
            for k in firstChild[state]..<firstChild[state + 1] {
                let child = Int(sortedChildren[k])
                number[child] = Int32(order.count)
                order.append(child)
            }
        }
        let count = order.count
        var childStart: [Int32] = [0]
        var childClass: [UInt8] = []
        var childState: [Int32] = []
        childStart.reserveCapacity(count + 1)
        childClass.reserveCapacity(count)
        childState.reserveCapacity(count)
        var keyword = [Int32](repeating: -1, count: count)
        for (new, old) in order.enumerated() {
            for k in firstChild[old]..<firstChild[old + 1] {
                let child = Int(sortedChildren[k])
                childClass.append(edgeClass[child - 1])
                childState.append(number[child])
            }
            childStart.append(Int32(childClass.count))
            keyword[new] = ends[old]
        }
        func child(_ s: Int, _ c: UInt8) -> Int32? {
            for k in Int(childStart[s])..<Int(childStart[s + 1]) where childClass[k] == c { return childState[k] }
            return nil
        }
        var failure = [Int32](repeating: 0, count: count)
        var report = [Int32](repeating: -1, count: count)
        var nextReport = [Int32](repeating: -1, count: count)
        report[0] = keyword[0] >= 0 ? 0 : -1
        // States in breadth-first order: a state's failure target is shallower, so done.
        for s in 0..<count {
            for k in Int(childStart[s])..<Int(childStart[s + 1]) {
                let (c, t) = (childClass[k], Int(childState[k]))
                var f = s == 0 ? -1 : Int(failure[s])
                var target: Int32 = 0
                while f >= 0 {
                    if let next = child(f, c) {
                        target = next
                        break
                    }
                    f = f == 0 ? -1 : Int(failure[f])
                }
                failure[t] = target
                let suffixReport = report[Int(target)]
                nextReport[t] = suffixReport
                report[t] = keyword[t] >= 0 ? Int32(t) : suffixReport
            }
        }
        let denseStates = max(1, min(count, maximumDenseEntries / classes))
        // Every entry written once: a row is its failure target's (shallower, so complete
        // already; the root's: back to the root), except along the state's own children.
        let dense = [Int32](unsafeUninitializedCapacity: denseStates * classes) { dense, initialized in
            guard let base = dense.baseAddress else { return }
            for s in 0..<denseStates {
                let row = base + s * classes
                if s == 0 {
                    row.initialize(repeating: 0, count: classes)
                } else {
                    // The failure target's row whole (one copy, not an element at a time).
                    row.initialize(from: base + Int(failure[s]) * classes, count: classes)
                }
                for k in Int(childStart[s])..<Int(childStart[s + 1]) {
                    row[Int(childClass[k])] = childState[k]
                }
            }
            initialized = denseStates * classes
        }
        self.byteClass = byteClass
        self.classes = classes
        self.dense = dense
        self.denseStates = denseStates
        self.childStart = childStart
        self.childClass = childClass
        self.childState = childState
        self.failure = failure
        self.keyword = keyword
        self.report = report
        self.nextReport = nextReport
    }

    /// The number of states.
    var stateCount: Int { keyword.count }

    /// The state after reading class `c` in sparse state `s` (at or past ``denseStates``).
    private func step(sparse s: Int, _ c: Int) -> Int {
        var s = s
        while s >= denseStates {
            for k in Int(childStart[s])..<Int(childStart[s + 1]) where Int(childClass[k]) == c {
                return Int(childState[k])
            }
            s = Int(failure[s])
        }
        return Int(dense[s * classes + c])
    }

    /// Calls `found` with the index of every keyword occurrence in `line` (a keyword once per
    /// place it ends at).
    @inline(__always)
    func forEachMatch(in line: UTF8Line, _ found: (Int) -> Void) {
        guard let bytes = line.baseAddress else { return }
        byteClass.withUnsafeBufferPointer { byteClass in
            dense.withUnsafeBufferPointer { dense in
                report.withUnsafeBufferPointer { report in
                    var state = 0
                    let classes = self.classes
                    for i in 0..<line.count {
                        let c = Int(byteClass[Int(bytes[i])])
                        state = state < denseStates ? Int(dense[state &* classes &+ c]) : step(sparse: state, c)
                        var r = Int(report[state])
                        while r >= 0 {
                            found(Int(keyword[r]))
                            r = Int(nextReport[r])
                        }
                    }
                }
            }
        }
    }
}
