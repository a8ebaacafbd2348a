import VeilScreen

/// A ``ScreenObserver`` for tests: records every change and flush in order, with the text of
/// the screen as it was when each change was reported (before it was made).
public final class ScreenChangeRecorder: ScreenObserver {
    /// One report.
    public enum Event: Hashable, Sendable {
        case change(ScreenChange)
        case flush
    }

    public private(set) var events: [Event] = []
    /// The screen's lines when each event was reported.
    public private(set) var linesBefore: [[String]] = []
    /// The work each change reports (charged to the terminal's budget).
    public var workPerChange: Int

    public init(workPerChange: Int = 0) {
        self.workPerChange = workPerChange
    }

    /// The changes recorded (flushes left out).
    public var changes: [ScreenChange] {
        events.compactMap { if case .change(let change) = $0 { change } else { nil } }
    }

    public func screen(_ screen: ScreenView, willChange change: ScreenChange) -> Int {
        events.append(.change(change))
        linesBefore.append(screen.screen.lines())
        return workPerChange
    }

    public func screenDidFlush(_ screen: ScreenView) -> Int {
        events.append(.flush)
        linesBefore.append(screen.screen.lines())
        return 0
    }

    /// Forgets what was recorded.
    public func reset() {
        events = []
        linesBefore = []
    }
}
