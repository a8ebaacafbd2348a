/// Parses the durations of scenario files: `250ms`, `1.5s`, `2m`, `1h`.
///
/// A bare number means seconds. Fractions are exact to the millisecond for `s`, `m` and `h`
/// (`1.5s` is 1500 ms); negative values and unknown units are errors.
public enum DurationParser {
    /// Parses `text` into a `Duration`, or throws a ``LifecycleError`` naming the text.
    public static func parse(_ text: String) throws -> Duration {
        let trimmed = text.trimmingWhitespace()
        let units: [(suffix: String, nanoseconds: Double)] = [
            ("ms", 1e6), ("us", 1e3), ("µs", 1e3), ("ns", 1), ("s", 1e9), ("m", 60e9), ("h", 3600e9),
        ]
        var number = Substring(trimmed)
        var scale = 1e9
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            number = trimmed.dropLast(unit.suffix.count)
            scale = unit.nanoseconds
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value.isFinite
        else {
            throw LifecycleError.invalidDuration(text)
        }
        let nanoseconds = (value * scale).rounded()
        guard nanoseconds < Double(Int64.max) else { throw LifecycleError.invalidDuration(text) }
        return .nanoseconds(Int64(nanoseconds))
    }
}

extension Duration {
    /// Parses a scenario duration such as `250ms`, `1.5s` or `2m`; see ``DurationParser``.
    public init(parsing text: String) throws {
        self = try DurationParser.parse(text)
    }

    /// The duration in seconds, as a `Double`.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration rounded to whole milliseconds.
    var roundedMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }

    /// Seconds with three decimals (`5.000`), as the log writes `t`.
    var secondsText: String {
        let ms = roundedMilliseconds
        let sign = ms < 0 ? "-" : ""
        let magnitude = ms.magnitude
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
