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

    /// The screen cells its batches copied (what holding it costs).
    var cellCount: Int { batches.reduce(0) { $0 + ($1.screen?.cells.count ?? 0) } }

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
/// Memory stays bounded whatever the windows hold: besides ``depth``, a window is queued
/// only while the cells of the windows waiting and being judged stay under ``cellBudget``
/// (a window of a long wrapped line copies each row with the rows around it: a step of raw
/// bytes can copy a million cells); past it the replay waits for the judging thread.
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
    /// The most cells held by windows waiting and being judged, unless one window alone
    /// holds more.
    static let cellBudget = 1 << 20

    private let scanner: ExposureScanner
    private let path: String
    private let concurrent: Bool
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [ExposureWindow] = []
    private var spent: [ExposureWindow] = []
    /// The cells of ``waiting`` and of the windows being judged.
    private var heldCells = 0
    /// Whether the caller waits for cells to be freed (the judging thread then starts
    /// without waiting for ``wakeCount`` windows).
    private var callerWaits = false
    private var closed = false
    private var done = false
    private var failure: (any Error)?
    // The judging thread's alone until `done` (then the caller's).
    private var state = ExposureScanState()

    init(scanner: ExposureScanner, path: String, concurrent: Bool) {
        self.scanner = scanner
        state.values = scanner.seed
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
        let cells = window.cellCount
        condition.lock()
        if waiting.count >= Self.depth {
            // Full: wait until half has been judged (one wake-up per few windows, not each).
            while waiting.count > Self.depth / 2 && failure == nil && !done { condition.wait() }
        }
        if heldCells > 0 && heldCells + cells > Self.cellBudget {
            // Too many cells held: wait until the judging thread has judged what it holds.
            callerWaits = true
            condition.broadcast()
            while heldCells > 0 && heldCells + cells > Self.cellBudget && failure == nil && !done {
                condition.wait()
            }
            callerWaits = false
        }
        if let failure {
            condition.unlock()
            throw failure
        }
        waiting.append(window)
        heldCells += cells
        if waiting.count == Self.wakeCount || heldCells >= Self.cellBudget { condition.broadcast() }
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
        // Handed over, not shared: the caller's changes (every exposure still visible at the
        // end) would otherwise copy all the exposures.
        defer { state = ExposureScanState() }
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
            // Wake for a few windows, for a full budget, for a caller waiting for room, or
            // for the end; only the end with nothing waiting ends the thread.
            while waiting.isEmpty || (waiting.count < Self.wakeCount && heldCells < Self.cellBudget && !callerWaits) {
                if waiting.isEmpty && closed {
                    done = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                if !waiting.isEmpty && closed { break }
                condition.wait()
            }
            let windows = waiting
            waiting = []
            if windows.count > Self.depth / 2 { condition.broadcast() }  // the caller may wait for room
            condition.unlock()
            do {
                for window in windows { try scanner.judge(window, into: &state, path: path) }
                condition.lock()
                spent += windows
                heldCells -= windows.reduce(0) { $0 + $1.cellCount }
                condition.broadcast()  // the caller may wait for cells
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
