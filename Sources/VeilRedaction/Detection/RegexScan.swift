import Foundation

/// Candidates from regular expressions and custom detectors: the cold path, taken only on
/// lines that pass the rule's keyword prefilter.
enum RegexScan {
    /// Appends the matches of `pattern` in `line` within the screen's regex `budget`;
    /// returns false when the budget ran out first (the line was not fully scanned).
    static func candidates(
        _ pattern: RegexPattern, line: UTF8Line, budget: inout RegexBudget,
        into candidates: inout [Candidate]
    ) -> Bool {
        let allowance = budget.callAllowance
        guard allowance > 0 else { return false }
        let string = String(decoding: line, as: UTF8.self)
        let offsets = utf8Offsets(ofUTF16In: string)
        var found: [Candidate] = []
        let outcome = pattern.lazy.stepCounted.enumerate(
            Array(string.utf16), group: pattern.secretGroup,
            allowance: allowance
        ) { match, secret in
            guard !match.isEmpty, let secret, !secret.isEmpty else { return true }
            found.append(
                Candidate(
                    match: offsets[match.lowerBound]..<offsets[match.upperBound],
                    secret: offsets[secret.lowerBound]..<offsets[secret.upperBound]))
            return true
        }
        budget.charge(outcome.steps)
        guard !outcome.stopped else { return false }
        candidates += found
        return true
    }

    /// Appends the ranges a custom detector reports, checking each lies inside the line on
    /// character boundaries.
    static func candidates(
        _ detector: any CustomDetector, ruleID: String, line: UTF8Line,
        into candidates: inout [Candidate]
    ) throws {
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
