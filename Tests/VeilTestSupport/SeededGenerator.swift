/// A small seeded generator (SplitMix64) so that random tests repeat exactly.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole sequence follows from `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of case `index` of a run whose seed is `base` (a SplitMix64 step, so
    /// neighbouring indices give unrelated cases).
    public static func caseSeed(base: UInt64, index: Int) -> UInt64 {
        var generator = SeededGenerator(seed: base ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }
}

extension RandomNumberGenerator {
    /// A uniformly chosen element of `values` (which must not be empty).
    public mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &self)] }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

    /// `count` characters drawn from `alphabet`.
    public mutating func string(_ alphabet: String, count: Int) -> String {
        let characters = Array(alphabet)
        return String((0..<count).map { _ in pick(characters) })
    }
}
