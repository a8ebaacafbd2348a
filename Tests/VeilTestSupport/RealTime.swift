import Testing

/// Tests measured against the real clock (a watchdog's deadline, a redraw's timing, a signal's
/// delivery; their names end in `RealTime`) need the machine to themselves: in the parallel
/// run of the whole suite on two cores they are starved by the other tests and fail on time,
/// not on behaviour. They run when the run asks for them by name, as `.ci/run` does after
/// the rest of the suite: `swift test --filter RealTime`.
public enum RealTimeRun {
    /// Whether this test process was started with a `--filter` naming the real-time tests.
    public static let requested: Bool = {
        let arguments = CommandLine.arguments
        let named = zip(arguments, arguments.dropFirst()).contains { $0 == "--filter" && $1.contains("RealTime") }
        return named || arguments.contains { $0.hasPrefix("--filter=") && $0.contains("RealTime") }
    }()

    /// Why a real-time test did not run.
    public static let reason: Comment =
        "measured against the real clock: run on their own with `swift test --filter RealTime` (the parallel suite starves them)"
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when the real-time tests were asked for (``RealTimeRun``).
    public static var realTime: Self { .enabled(if: RealTimeRun.requested, RealTimeRun.reason) }
}
