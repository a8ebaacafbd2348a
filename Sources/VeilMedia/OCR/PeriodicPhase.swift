#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How nearly positions on a line sit at one phase of a period (rows of text one pitch apart,
/// words a whole number of cells apart): their mean resultant on the circle of that period.
enum PeriodicPhase {
    /// The coherence of `positions` at `period` (1: all at one phase; near 0: spread evenly)
    /// and their mean phase, a position in `0..<period`.
    static func of(_ positions: [Double], period: Double) -> (coherence: Double, phase: Double) {
        guard !positions.isEmpty, period > 0 else { return (0, 0) }
        var x = 0.0
        var y = 0.0
        for position in positions {
            let angle = 2 * Double.pi * position / period
            x += cos(angle)
            y += sin(angle)
        }
        var angle = atan2(y, x)
        if angle < 0 { angle += 2 * Double.pi }
        return ((x * x + y * y).squareRoot() / Double(positions.count), angle / (2 * Double.pi) * period)
    }
}
