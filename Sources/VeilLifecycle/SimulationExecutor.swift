import Foundation

/// Runs virtual-clock simulations on one dedicated thread.
///
/// A simulation on the virtual clock hands control back and forth between small tasks
/// (the driver, callbacks, the watchdog, timers); on the global pool every hand-over wakes
/// another thread. Preferring this serial executor keeps them on one thread, in FIFO order:
/// faster and more deterministic. Real-clock simulations use the global pool, except for
/// the watchdog's deadlines, which have a thread of their own (``SerialThreadExecutor/watchdog``).
enum SimulationExecutor {
    /// Runs `body` preferring the simulation thread when `enabled`.
    static func run<T: Sendable>(
        enabled: Bool, _ body: () async throws -> T
    ) async throws -> T {
        if enabled, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return try await withTaskExecutorPreference(SerialThreadExecutor.shared) { try await body() }
        }
        return try await body()
    }

    /// Starts an unstructured task, on the simulation thread when `enabled`.
    static func task(enabled: Bool, _ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        valueTask(enabled: enabled, body)
    }

    /// Starts an unstructured task returning a value, on the simulation thread when `enabled`.
    static func valueTask<T: Sendable>(
        enabled: Bool, _ body: @escaping @Sendable () async -> T
    ) -> Task<T, Never> {
        if enabled, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return Task(executorPreference: SerialThreadExecutor.shared, operation: body)
        }
        return Task(operation: body)
    }
}

/// A task executor running every job on one thread, first in, first out.
///
/// It also keeps timers on that thread (``sleep(until:)``): a deadline armed there is
/// resumed by this thread at its time, never by the global cooperative pool.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class SerialThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// The process-wide simulation thread (it lives as long as the process).
    static let shared = SerialThreadExecutor(name: "VeilLifecycle.simulation")

    /// The watchdog's own thread, for real-clock deadlines (it lives as long as the process).
    ///
    /// Like the real iOS watchdog, which is another process, it does not depend on the app's
    /// threads: when the cooperative pool is saturated (by the app's blocking code or by other
    /// work in the process), a deadline still fires and kills on time.
    static let watchdog = SerialThreadExecutor(name: "VeilLifecycle.watchdog")

    private struct Timer {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let condition = NSCondition()
    /// Jobs to run; `head` is the next one (compacted when drained).
    private var jobs: [UnownedJob] = []
    private var head = 0
    /// Armed timers, sorted by deadline, then by arrival.
    private var timers: [Timer] = []
    /// Timers given an id but not armed yet (a cancellation before arming removes the id).
    private var unarmed: Set<UInt64> = []
    private var nextTimerID: UInt64 = 0

    private init(name: String) {
        let thread = Thread { [unowned self] in self.runJobs() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Suspends until `deadline` on the continuous clock; this executor's thread resumes the
    /// caller. Throws `CancellationError` when cancelled.
    ///
    /// A task preferring this executor continues on its thread, so it runs on time even when
    /// every thread of the cooperative pool is busy.
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        try Task.checkCancellation()
        let id = newTimer()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                condition.lock()
                guard unarmed.remove(id) != nil else {  // cancelled before it was armed
                    condition.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                var index = timers.endIndex
                while index > timers.startIndex, timers[index - 1].deadline > deadline {
                    index -= 1
                }
                timers.insert(Timer(id: id, deadline: deadline, continuation: continuation), at: index)
                condition.signal()
                condition.unlock()
            }
        } onCancel: {
            condition.lock()
            if unarmed.remove(id) != nil {  // arming will see it is gone
                condition.unlock()
                return
            }
            guard let index = timers.firstIndex(where: { $0.id == id }) else {  // already resumed
                condition.unlock()
                return
            }
            let timer = timers.remove(at: index)
            condition.unlock()
            timer.continuation.resume(throwing: CancellationError())
        }
    }

    /// Allocates a timer id, not armed yet.
    private func newTimer() -> UInt64 {
        condition.lock()
        defer { condition.unlock() }
        nextTimerID += 1
        unarmed.insert(nextTimerID)
        return nextTimerID
    }

    private func runJobs() {
        while true {
            condition.lock()
            var due: [Timer] = []
            while true {
                if !timers.isEmpty {
                    let now = ContinuousClock.now
                    while let first = timers.first, first.deadline <= now {
                        due.append(timers.removeFirst())
                    }
                }
                if !due.isEmpty || head < jobs.count { break }
                jobs.removeAll(keepingCapacity: true)
                head = 0
                if let next = timers.first?.deadline {
                    // Never trust the wall clock for long: wake at least once a second.
                    let wait = min(ContinuousClock.now.duration(to: next), .seconds(1))
                    let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18
                    _ = condition.wait(until: Date(timeIntervalSinceNow: max(seconds, 0)))
                } else {
                    condition.wait()
                }
            }
            if !due.isEmpty {
                condition.unlock()
                // A resumed task preferring this executor is enqueued here and runs next.
                for timer in due { timer.continuation.resume() }
                continue
            }
            let job = jobs[head]
            head += 1
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
