/// A typed notification centre for the `UIApplication` notifications.
///
/// Observers run synchronously, in the order they were added, at the point the spec puts
/// the notification relative to the delegate call: after the delegate method, except
/// `willEnterForeground` and `significantTimeChange`, which come **first**. Observers run on
/// the event's task and must not block.
///
/// ```swift
/// let token = application.notificationCenter.addObserver(for: .didEnterBackground) { note in
///     print("entered background at \(note.time)")
/// }
/// application.notificationCenter.removeObserver(token)
/// ```
public final class ApplicationNotificationCenter: Sendable {
    /// Identifies one observer, for ``removeObserver(_:)``.
    public struct ObservationToken: Sendable, Hashable {
        fileprivate let id: Int
    }

    private struct Observer {
        let id: Int
        let name: ApplicationNotification.Name?
        let block: @Sendable (ApplicationNotification) -> Void
    }

    private let observers = LockedState<(next: Int, list: [Observer])>((0, []))

    /// Makes a centre with no observers.
    public init() {}

    /// Adds an observer for `name`, or for every notification when `name` is nil.
    @discardableResult
    public func addObserver(
        for name: ApplicationNotification.Name?,
        using block: @escaping @Sendable (ApplicationNotification) -> Void
    ) -> ObservationToken {
        observers.withLock { state in
            state.next += 1
            state.list.append(Observer(id: state.next, name: name, block: block))
            return ObservationToken(id: state.next)
        }
    }

    /// Removes the observer that `token` identifies; later posts no longer reach it.
    public func removeObserver(_ token: ObservationToken) {
        observers.withLock { $0.list.removeAll { $0.id == token.id } }
    }

    /// Delivers `notification` to its observers, in the order they were added.
    public func post(_ notification: ApplicationNotification) {
        let matching = observers.withLock { state in
            state.list.isEmpty ? [] : state.list.filter { $0.name == nil || $0.name == notification.name }
        }
        for observer in matching {
            observer.block(notification)
        }
    }
}
