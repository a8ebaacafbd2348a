/// The app's key window: shows the root view controller at the terminal's size.
///
/// The system makes it visible after launch (the root controller appears before
/// didBecomeActive, or before didEnterBackground for a background launch), lays it out on
/// resize, and forwards memory warnings. Set ``rootViewController`` from a launch callback:
/// `await MainActor.run { application.window.rootViewController = root }`.
@MainActor
public final class Window {
    /// The controller at the root of the window.
    public var rootViewController: ViewController? {
        didSet {
            hasRoot.withLock { $0 = rootViewController != nil }
            guard isVisible, oldValue !== rootViewController else { return }
            ViewController.transition(
                from: oldValue?.displayed.visibleChain ?? [],
                to: rootViewController?.displayed.visibleChain ?? [], size: size)
        }
    }

    /// Whether the window is on screen (from launch until termination).
    public private(set) var isVisible = false

    /// The window's size: the terminal's.
    public private(set) var size: ScreenSize

    /// Whether a root controller is set, readable without hopping to the main actor.
    private nonisolated let hasRoot = LockedState(false)

    /// Whether there is any view controller to tell about a resize or memory warning.
    nonisolated var hasViewControllers: Bool { hasRoot.withLock { $0 } }

    nonisolated init(size: ScreenSize) {
        self.size = size
    }

    /// The controllers on screen now, parents first.
    public var visibleViewControllers: [ViewController] {
        guard isVisible, let root = rootViewController else { return [] }
        return root.displayed.visibleChain
    }

    /// A new run of the app: an empty, hidden window (a terminated app's controllers are gone).
    func reset(size: ScreenSize) {
        isVisible = false
        rootViewController = nil
        self.size = size
    }

    /// Shows the window: the root controller's visible chain appears.
    func makeVisible() {
        guard !isVisible else { return }
        isVisible = true
        guard let root = rootViewController else { return }
        ViewController.appear(root.displayed.visibleChain, size: size)
    }

    /// The terminal was resized: visible controllers lay out again (parents first).
    func resize(to size: ScreenSize) {
        self.size = size
        visibleViewControllers.forEach { $0.layout(to: size) }
    }

    /// Forwards a memory warning to every loaded controller.
    func forwardMemoryWarning() {
        rootViewController?.forwardMemoryWarning()
    }
}
