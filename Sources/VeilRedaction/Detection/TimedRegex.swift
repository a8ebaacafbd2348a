import Foundation

/// The regular-expression engine of a platform without ICU's C API (see
/// ``StepCountedRegex``): NSRegularExpression, the same ICU pattern language and flags, with
/// the budget counted in time instead of ICU steps. One step of an allowance is
/// ``nanosecondsPerStep`` of the match's time (about what ICU's step of 10,000 saved
/// backtracking states takes), and the match stops once the allowance's time is used up:
/// bounded as the step count is, but not deterministic (a loaded machine scans less before
/// a line is hidden unscanned).
final class TimedRegex: @unchecked Sendable {
    /// The time one step of an allowance stands for.
    static let nanosecondsPerStep = 100_000

    // NSRegularExpression is immutable once made and safe to use from several threads.
    private let regex: NSRegularExpression

    /// The pattern compiled (flags 0, as `NSRegularExpression(pattern:)`); nil when it is
    /// rejected.
    init?(source: String) {
        guard let regex = try? NSRegularExpression(pattern: source) else { return nil }
        self.regex = regex
    }

    /// What one call used: steps (its time, in ``nanosecondsPerStep``), and whether it
    /// stopped before the end (its allowance ran out): then the text was not fully scanned.
    struct Outcome {
        var steps: Int
        var stopped: Bool
    }

    /// Calls `body` with each match's range and its `group`'s range (UTF-16 offsets; the
    /// group's is nil when it did not take part) until `body` returns false, the text ends,
    /// or `allowance` steps of time are spent.
    func enumerate(
        _ text: [UInt16], group: Int, allowance: Int,
        _ body: (Range<Int>, Range<Int>?) -> Bool
    ) -> Outcome {
        guard allowance > 0 else { return Outcome(steps: 0, stopped: true) }
        let string = NSString(characters: text, length: text.count) as String
        let start = ContinuousClock.now
        let limit = Duration.nanoseconds(Int64(allowance) * Int64(Self.nanosecondsPerStep))
        var stopped = false
        // Foundation declares the block escaping; it is called only during the enumeration.
        withoutActuallyEscaping(body) { body in
            regex.enumerateMatches(
                in: string, options: [.reportProgress], range: NSRange(location: 0, length: text.count)
            ) { result, _, stop in
                if ContinuousClock.now - start >= limit {
                    stopped = true
                    stop.pointee = true
                    return
                }
                guard let result else { return }  // a progress call during a long match
                let range = result.range
                guard range.location != NSNotFound else { return }
                let groupRange =
                    group < result.numberOfRanges ? result.range(at: group) : NSRange(location: NSNotFound, length: 0)
                let secret =
                    groupRange.location == NSNotFound
                    ? nil : groupRange.location..<(groupRange.location + groupRange.length)
                if !body(range.location..<(range.location + range.length), secret) { stop.pointee = true }
            }
        }
        let spent = (ContinuousClock.now - start) / .nanoseconds(Self.nanosecondsPerStep)
        return Outcome(steps: Int(spent.rounded(.down)), stopped: stopped)
    }
}
