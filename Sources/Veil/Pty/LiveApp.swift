import Foundation
import Synchronization
import VeilLifecycle
import VeilRedaction

#if canImport(Glibc)
    import Glibc
#endif

/// A live program as the app of the lifecycle (`veil exec`, scenarios with `screen.exec`):
///
/// | lifecycle | the program |
/// |---|---|
/// | launch (`willFinishLaunchingWithOptions`) | started in a pty on the app's screen |
/// | `applicationDidBecomeActive` | focus in, `CSI I` (when it enabled DECSET 1004) |
/// | `applicationWillResignActive` | focus out, `CSI O` (when it enabled DECSET 1004) |
/// | `applicationDidEnterBackground` | gets until the deadline to redraw; the snapshot follows |
/// | suspended / resumed | `SIGTSTP` then `SIGSTOP` / `SIGCONT` |
/// | `applicationWillTerminate` | `SIGTERM`; the watchdog ends a program still running at the deadline |
/// | terminated | `SIGKILL` to its process group |
///
/// In `applicationDidEnterBackground` the callback returns once the program's output after
/// the focus-out report has been quiet for ``quietTime``; a program that did not enable
/// focus reporting cannot react, so it returns after ``quietTime`` of quiet; a program that
/// enabled it but has not drawn anything is waited for until shortly before the deadline.
/// Either way the snapshot is taken from the program's screen as it is then.
public final class LiveApp: ApplicationDelegate {
    /// The app's screen (the program's terminal).
    public let screen: AppScreen
    /// The command and its arguments.
    public let command: [String]
    private let environment: [String: String]

    /// How long the output must be quiet for a redraw to count as done.
    public static let quietTime = Duration.milliseconds(100)

    private struct State {
        var session: PtySession?
        var startError: PtyError?
        /// Output bytes read when focus out was sent (nil when it was not sent).
        var outputAtFocusOut: Int?
    }
    private let state = Mutex(State())

    public init(screen: AppScreen, command: [String], environment: [String: String] = PtyProcess.environment()) {
        self.screen = screen
        self.command = command
        self.environment = environment
    }

    /// The program running now.
    public var session: PtySession? { state.withLock { $0.session } }

    /// Why the program could not start, once a launch tried.
    public var startError: PtyError? { state.withLock { $0.startError } }

    /// A log handler that signals the program as the app's state changes: stopped when
    /// suspended, continued when resumed, killed when terminated.
    public var stateObserver: some LifecycleLogHandler {
        ClosureLifecycleLogHandler { [weak self] event in
            guard let self, case .state(let from, let to) = event.kind, let session = self.session else { return }
            switch to {
            case .suspended:
                // SIGTSTP for a program that handles it; SIGSTOP as the kernel drops SIGTSTP
                // (default action) for the orphaned process group of a program in its own session.
                session.process.signal(SIGTSTP)
                session.process.signal(SIGSTOP)
            case .notRunning:
                session.process.signal(SIGCONT)
                session.process.signal(SIGKILL)
            default:
                if from == .suspended { session.process.signal(SIGCONT) }
            }
        }
    }

    /// Writes `bytes` to the program (typed input); false when it is not running or does
    /// not read them by `deadline`.
    @discardableResult
    public func send(_ bytes: [UInt8], until deadline: ContinuousClock.Instant = .now + .seconds(5)) -> Bool {
        guard let session, session.process.exitIfEnded() == nil else { return false }
        return session.send(bytes, until: deadline)
    }

    /// Stops every program this app started (kill, reap, close the pty).
    public func finish() {
        let sessions = state.withLock { state -> [PtySession] in
            let all = state.session.map { [$0] } ?? []
            state.session = nil
            return all
        }
        for session in sessions { session.finish() }
    }

    private func start() -> Bool {
        let previous = state.withLock { state -> PtySession? in
            defer { state.session = nil }
            return state.session
        }
        if let previous {
            previous.finish()  // its pty, pid descriptor and wake pipe are closed now
            screen.show([])  // a new launch starts on a reset screen
        }
        do {
            let size = screen.size
            let session = try PtySession(
                command, cols: size.cols, rows: size.rows, environment: environment, screen: screen)
            state.withLock { $0.session = session }
            return true
        } catch let error as PtyError {
            state.withLock { $0.startError = error }
        } catch {
            state.withLock { $0.startError = PtyError("\(error)") }
        }
        return false
    }

    private func focus(_ final: UInt8) {
        guard screen.modes.focusReporting, let session else { return }
        if final == UInt8(ascii: "O") { state.withLock { $0.outputAtFocusOut = session.outputByteCount } }
        send([0x1B, 0x5B, final], until: .now + .milliseconds(500))
    }

    public func application(_ application: Application, willFinishLaunchingWithOptions options: LaunchOptions) async
        -> Bool
    {
        start()
    }

    public func applicationDidBecomeActive(_ application: Application) async {
        state.withLock { $0.outputAtFocusOut = nil }
        focus(UInt8(ascii: "I"))
    }

    public func applicationWillResignActive(_ application: Application) async {
        focus(UInt8(ascii: "O"))
    }

    public func applicationDidEnterBackground(_ application: Application) async {
        guard let session else { return }
        let deadline = application.lifecyclePolicy.didEnterBackgroundDeadline
        let margin = min(Duration.milliseconds(250), deadline / 4)
        let start = ContinuousClock.now
        let before = state.withLock { $0.outputAtFocusOut }
        while !Task.isCancelled {
            let now = ContinuousClock.now
            if now - start >= deadline - margin { return }
            let quietSince = session.lastOutputTime.map { max($0, start) } ?? start
            let quiet = now - quietSince >= Self.quietTime
            if let before {
                // It was told it lost focus: done once it drew and went quiet.
                if session.outputByteCount > before && quiet { return }
            } else if quiet {
                return  // it cannot know: nothing to wait for but output in flight
            }
            if session.process.exitIfEnded() != nil { return }
            try? await application.sleep(for: .milliseconds(10))
        }
    }

    public func applicationWillTerminate(_ application: Application) async {
        guard let session else { return }
        session.process.signal(SIGCONT)
        session.process.signal(SIGTERM)
        // Until it ends; the watchdog cancels this wait at the deadline and kills it.
        while !Task.isCancelled, session.process.exitIfEnded() == nil {
            try? await application.sleep(for: .milliseconds(10))
        }
    }
}
