/// The input offsets of the bytes that drew exposed values, each with the rule that found it.
///
/// Kept in pages of 256 offsets, each slot a small rule number: the bytes of a value lie
/// together, so a flood of values (a million bytes of addresses) costs about two bytes per
/// offset and one lookup per page, not a dictionary entry and a string per byte.
public struct SensitiveOffsets: Sendable, Equatable {
    private static let pageShift = 8
    private static let pageSize = 1 << pageShift

    /// The rules by number - 1 (a slot holds 0 when its offset drew nothing).
    private var rules: [String] = []
    private var numbers: [String: UInt16] = [:]
    private var pages: [Int: [UInt16]] = [:]
    /// How many offsets have a rule.
    public private(set) var count = 0

    /// No offsets.
    public init() {}

    /// Whether no offset has a rule.
    public var isEmpty: Bool { count == 0 }

    /// The rule that found the value drawn by the byte at `offset`, or nil.
    public subscript(offset: Int) -> String? {
        guard offset >= 0, let page = pages[offset >> Self.pageShift] else { return nil }
        let number = page[offset & (Self.pageSize - 1)]
        return number == 0 ? nil : rules[Int(number) - 1]
    }

    /// Every offset with a rule, in increasing order.
    public var keys: [Int] { elements.map(\.offset) }

    /// Every offset with its rule, in increasing order of offset.
    public var elements: [(offset: Int, rule: String)] {
        var all: [(offset: Int, rule: String)] = []
        all.reserveCapacity(count)
        for base in pages.keys.sorted() {
            for (slot, number) in pages[base]!.enumerated() where number != 0 {
                all.append(((base << Self.pageShift) + slot, rules[Int(number) - 1]))
            }
        }
        return all
    }

    /// Gives each of `offsets` (negative ones are skipped) the rule `rule` unless it has one.
    mutating func insert(_ offsets: some Sequence<Int>, rule: String) {
        let number = self.number(of: rule)
        var base = -1
        var page: [UInt16] = []
        for offset in offsets where offset >= 0 {
            if offset >> Self.pageShift != base {
                if base >= 0 { pages[base] = page }
                base = offset >> Self.pageShift
                page = pages.removeValue(forKey: base) ?? Array(repeating: 0, count: Self.pageSize)
            }
            let slot = offset & (Self.pageSize - 1)
            if page[slot] == 0 {
                page[slot] = number
                count += 1
            }
        }
        if base >= 0 { pages[base] = page }
    }

    /// Gives `offset` the rule `rule` unless it has one.
    mutating func insert(_ offset: Int, rule: String) { insert(CollectionOfOne(offset), rule: rule) }

    private mutating func number(of rule: String) -> UInt16 {
        if let number = numbers[rule] { return number }
        precondition(rules.count < Int(UInt16.max), "more rules than a slot can number")
        rules.append(rule)
        let number = UInt16(rules.count)
        numbers[rule] = number
        return number
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.count == b.count && a.elements.elementsEqual(b.elements) { $0.offset == $1.offset && $0.rule == $1.rule }
    }
}
