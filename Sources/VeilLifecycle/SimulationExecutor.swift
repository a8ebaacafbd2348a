import Foundation

/// Runs virtual-clock simulations on one dedicated thread.
///
/// A simulation on the virtual clock hands control back and forth between small tasks
/// (the driver, callbacks, the watchdog, timers); on the global pool every hand-over wakes
/// another thread. Preferring this serial executor keeps them on one thread, in FIFO order:
/// faster and more deterministic. Real-clock simulations use the global pool.
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
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class SerialThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// The process-wide simulation thread (it lives as long as the process).
    static let shared = SerialThreadExecutor(name: "VeilLifecycle.simulation")

    private let condition = NSCondition()
    /// Jobs to run; `head` is the next one (compacted when drained).
    private var jobs: [UnownedJob] = []
    private var head = 0

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

    private func runJobs() {
        while true {
            condition.lock()
            while head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
                condition.wait()
            }
            let job = jobs[head]
            head += 1
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
