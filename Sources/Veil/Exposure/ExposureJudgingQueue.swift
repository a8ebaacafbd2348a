import Foundation
import VeilScreen

/// The frames of a capture replayed since the last window, with what judging them needs:
/// the output events seen (for locations), each frame's step and the tags that left during
/// it, and the lines copied.
struct ExposureWindow: Sendable {
    /// The stream offset and file position of each output event read (nil: not a file's).
    var outputs: [(offset: Int, position: FilePosition?)] = []
    /// The step of each frame (a group's ``ExposureBatch/Group/frame`` indexes it).
    var frames: [CaptureStep] = []
    /// The tags that left during the frames, in order: those of frame `i` end at
    /// `departedEnds[i]` (one array for the window, not one per frame).
    var departed: [Int32] = []
    var departedEnds: [Int] = []
    /// The lines copied during these frames.
    var batches: [ExposureBatch] = []

    /// Ends a frame: its step, and the tags that left during it.
    mutating func end(_ step: CaptureStep, departed tags: [Int32]) {
        frames.append(step)
        departed += tags
        departedEnds.append(departed.count)
    }
}

/// Judges the windows of one scan in order, on a second thread when `concurrent` (the
/// replay of the next window goes on meanwhile; at most ``depth`` wait), else at once on
/// the caller's. Judging depends only on the windows, never on the terminal, so both ways
/// give the same report. A judging error stops the scan: the next ``submit(_:)`` or
/// ``finish()`` throws it.
///
/// Two costs of handing work between threads are kept down: the judging thread is woken
/// once ``wakeCount`` windows wait (not for each), and the windows it has judged go back to
/// the caller's thread to be freed there (memory freed on another thread than the one that
/// allocated it contends for the allocator's lock of that thread).
final class ExposureJudgingQueue: @unchecked Sendable {
    /// The most windows waiting (each at most about ``ExposureScanner/cellsPerPass`` cells).
    static let depth = 6
    /// The windows that wait before the judging thread is woken.
    static let wakeCount = 3

    private let scanner: ExposureScanner
    private let path: String
    private let concurrent: Bool
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [ExposureWindow] = []
    private var spent: [ExposureWindow] = []
    private var closed = false
    private var done = false
    private var failure: (any Error)?
    // The judging thread's alone until `done` (then the caller's).
    private var state = ExposureScanState()

    init(scanner: ExposureScanner, path: String, concurrent: Bool) {
        self.scanner = scanner
        self.path = path
        self.concurrent = concurrent
        guard concurrent else { return }
        let thread = Thread { [self] in run() }
        thread.stackSize = 8 << 20  // as the main thread's: detection runs there
        thread.start()
    }

    /// Judges `window` (or queues it, waiting while ``depth`` windows wait).
    /// - Throws: the error that stopped judging.
    func submit(_ window: ExposureWindow) throws {
        guard concurrent else {
            try scanner.judge(window, into: &state, path: path)
            return
        }
        condition.lock()
        if waiting.count >= Self.depth {
            // Full: wait until half has been judged (one wake-up per few windows, not each).
            while waiting.count > Self.depth / 2 && failure == nil && !done { condition.wait() }
        }
        if let failure {
            condition.unlock()
            throw failure
        }
        waiting.append(window)
        if waiting.count == Self.wakeCount { condition.broadcast() }
        let judged = spent
        spent = []
        condition.unlock()
        _ = judged  // freed here, on the thread that allocated them

    }

    /// Waits for every window to be judged; returns what the scan knows.
    /// - Throws: the error that stopped judging.
    func finish() throws -> ExposureScanState {
        if concurrent {
            condition.lock()
            closed = true
            condition.broadcast()
            while !done { condition.wait() }
            condition.unlock()
            if let failure { throw failure }
        }
        return state
    }

    /// Stops judging (the scan failed): what waits is dropped, and the thread has ended
    /// when this returns.
    func cancel() {
        guard concurrent else { return }
        condition.lock()
        closed = true
        waiting.removeAll()
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while waiting.count < Self.wakeCount && !closed { condition.wait() }
            if waiting.isEmpty {
                done = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let windows = waiting
            waiting = []
            if windows.count > Self.depth / 2 { condition.broadcast() }  // the caller may wait for room
            condition.unlock()
            do {
                for window in windows { try scanner.judge(window, into: &state, path: path) }
                condition.lock()
                spent += windows
                condition.unlock()
            } catch {
                condition.lock()
                failure = error
                waiting.removeAll()
                done = true
                condition.broadcast()
                condition.unlock()
                return
            }
        }
    }
}
