#if canImport(_FoundationICU)
    import Foundation
    import _FoundationICU

    /// ICU's regular-expression engine driven directly, so its work can be counted in ICU's own
    /// deterministic unit instead of wall-clock time.
    ///
    /// ICU counts a "step" of its match engine for every 10,000 backtracking states it saves
    /// (the unit of `uregex_setTimeLimit`) and calls a match callback at each one; the callback
    /// here stops the match once the call's allowance is used up. The count depends only on the
    /// pattern and the text, never on the machine or its load, so the same input always gives
    /// the same findings (NSRegularExpression offers only a progress callback without the count).
    /// The pattern is the same ICU pattern NSRegularExpression compiles (flags 0, as
    /// `NSRegularExpression(pattern:)` passes). A compiled prototype is kept; each call works on
    /// a clone (ICU's way to match one pattern on several threads at once).
    final class StepCountedRegex: @unchecked Sendable {
        // The prototype is never matched on, only cloned (uregex_clone is safe concurrently).
        private let prototype: OpaquePointer

        /// The pattern compiled by ICU; nil when ICU rejects it.
        init?(source: String) {
            var status = U_ZERO_ERROR
            let pattern = Array(source.utf16)
            guard let regex = swift_uregex_open(pattern, Int32(pattern.count), 0, nil, &status) else { return nil }
            guard status.rawValue <= U_ZERO_ERROR.rawValue else {
                swift_uregex_close(regex)
                return nil
            }
            prototype = regex
        }

        deinit { swift_uregex_close(prototype) }

        /// What one call used: ICU steps, and whether it stopped before the end (its allowance
        /// ran out, or ICU failed): then the text was not fully scanned.
        struct Outcome {
            var steps: Int
            var stopped: Bool
        }

        /// Calls `body` with each match's range and its `group`'s range (UTF-16 offsets; the
        /// group's is nil when it did not take part) until `body` returns false, the text ends,
        /// or `allowance` steps are spent.
        func enumerate(
            _ text: [UInt16], group: Int, allowance: Int,
            _ body: (Range<Int>, Range<Int>?) -> Bool
        ) -> Outcome {
            guard allowance > 0 else { return Outcome(steps: 0, stopped: true) }
            var status = U_ZERO_ERROR
            guard let regex = swift_uregex_clone(prototype, &status), status.rawValue <= 0 else {
                return Outcome(steps: 0, stopped: true)
            }
            defer { swift_uregex_close(regex) }
            var counter = (steps: Int32(0), limit: Int32(clamping: allowance))
            var stopped = false
            text.withUnsafeBufferPointer { buffer in
                withUnsafeMutablePointer(to: &counter) { counterPointer in
                    swift_uregex_setText(regex, buffer.baseAddress, Int32(buffer.count), &status)
                    swift_uregex_setMatchCallback(
                        regex,
                        { context, steps in
                            guard let context else { return 0 }
                            let counter = context.assumingMemoryBound(to: (steps: Int32, limit: Int32).self)
                            UnsafeMutablePointer(mutating: counter).pointee.steps = steps
                            return steps < counter.pointee.limit ? 1 : 0
                        }, counterPointer, &status)
                    guard status.rawValue <= 0 else {
                        stopped = true
                        return
                    }
                    while swift_uregex_findNext(regex, &status) != 0 {
                        var groupStatus = U_ZERO_ERROR
                        let start = Int(swift_uregex_start(regex, 0, &groupStatus))
                        let end = Int(swift_uregex_end(regex, 0, &groupStatus))
                        let groupStart = Int(swift_uregex_start(regex, Int32(group), &groupStatus))
                        let groupEnd = Int(swift_uregex_end(regex, Int32(group), &groupStatus))
                        guard groupStatus.rawValue <= 0, start >= 0, end >= start else { continue }
                        let secret = groupStart >= 0 && groupEnd >= groupStart ? groupStart..<groupEnd : nil
                        if !body(start..<end, secret) { return }
                    }
                    // findNext returns false at the end of the text, or with an error status when
                    // the callback stopped it (U_REGEX_STOPPED_BY_CALLER) or ICU failed: fail closed.
                    if status.rawValue > 0 { stopped = true }
                }
            }
            return Outcome(steps: Int(counter.steps), stopped: stopped)
        }
    }
#else
    /// Without ICU's C API (`_FoundationICU` is the toolchain's ICU on Linux; macOS keeps ICU
    /// private), regular expressions run on NSRegularExpression and their budget is counted in
    /// time (``TimedRegex``).
    typealias StepCountedRegex = TimedRegex
#endif
