import Foundation

/// Candidates from regular expressions and custom detectors: the cold path, taken only on
/// lines that pass the rule's keyword prefilter.
enum RegexScan {
    /// Appends the matches of `pattern` in `line` within the screen's regex `budget`;
    /// returns false when the time ran out first (the line was not fully scanned).
    static func candidates(_ pattern: RegexPattern, line: UTF8Line, budget: inout RegexBudget,
                           into candidates: inout [Candidate]) -> Bool {
        guard !budget.isSpent else { return false }
        let string = String(decoding: line, as: UTF8.self)
        let offsets = utf8Offsets(ofUTF16In: string)
        let clock = budget.clock
        let start = clock.now
        let deadline = budget.deadline(from: start)
        defer { budget.charge(from: start) }
        // With `.reportProgress` ICU calls the block during a long match too (checked on
        // Linux: catastrophic backtracking stops at the budget), not only between matches.
        final class Collector: @unchecked Sendable {
            var candidates: [Candidate] = []
            var timedOut = false
        }
        let collector = Collector()
        let range = NSRange(location: 0, length: offsets.count - 1)
        pattern.regex.enumerateMatches(in: string, options: [.reportProgress], range: range) { result, _, stop in
            if clock.now > deadline {
                collector.timedOut = true
                stop.pointee = true
                return
            }
            guard let result, result.range.length > 0 else { return }
            let secretRange = result.range(at: pattern.secretGroup)
            guard secretRange.location != NSNotFound, secretRange.length > 0 else { return }
            let match = offsets[result.range.location]..<offsets[result.range.location + result.range.length]
            let secret = offsets[secretRange.location]..<offsets[secretRange.location + secretRange.length]
            collector.candidates.append(Candidate(match: match, secret: secret))
        }
        guard !collector.timedOut else { return false }
        candidates += collector.candidates
        return true
    }

    /// Appends the ranges a custom detector reports, checking each lies inside the line on
    /// character boundaries.
    static func candidates(_ detector: any CustomDetector, ruleID: String, line: UTF8Line,
                           into candidates: inout [Candidate]) throws {
        let string = String(decoding: line, as: UTF8.self)
        let ranges: [Range<String.Index>]
        do {
            ranges = try detector.matches(in: string)
        } catch {
            throw DetectionError.detectorFailed(ruleID: ruleID, errorType: String(describing: type(of: error)))
        }
        for range in ranges {
            guard range.lowerBound >= string.startIndex, range.upperBound <= string.endIndex,
                  range.lowerBound.samePosition(in: string.unicodeScalars) != nil,
                  range.upperBound.samePosition(in: string.unicodeScalars) != nil
            else { throw DetectionError.invalidRange(ruleID: ruleID) }
            let lower = string.utf8.distance(from: string.startIndex, to: range.lowerBound)
            let upper = string.utf8.distance(from: string.startIndex, to: range.upperBound)
            guard lower < upper else { continue }
            candidates.append(Candidate(match: lower..<upper, secret: lower..<upper))
        }
    }

    /// For each UTF-16 offset of `string` (and its end), the UTF-8 offset of the same place.
    static func utf8Offsets(ofUTF16In string: String) -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(string.utf8.count + 1)
        var utf8 = 0
        for scalar in string.unicodeScalars {
            let width = UTF8.width(scalar)
            offsets.append(utf8)
            if scalar.value > 0xFFFF { offsets.append(utf8) }
            utf8 += width
        }
        offsets.append(utf8)
        return offsets
    }
}
