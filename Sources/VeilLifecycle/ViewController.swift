/// A view: the part of the screen a view controller manages. Its size is the terminal's.
@MainActor
open class View {
    /// The view's size in character cells.
    public internal(set) var size: ScreenSize

    /// Makes a view of `size` (laid out to the window's size when it appears).
    public nonisolated init(size: ScreenSize = .standard) {
        self.size = size
    }
}

/// A view controller with UIKit's life cycle (`spec/lifecycle.md`, "View controller lifecycle").
///
/// `view` loads on first access: ``loadView()`` then ``viewDidLoad()``. Appearing calls
/// ``viewWillAppear()`` → ``viewIsAppearing()`` → ``viewWillLayoutSubviews()`` →
/// ``viewDidLayoutSubviews()`` → ``viewDidAppear()``; disappearing calls
/// ``viewWillDisappear()`` → ``viewDidDisappear()``. A resize lays visible controllers out
/// again; going to the background does **not** call the disappear methods, and returning
/// does not call the appear methods. Override the `open` methods; call `super` is not needed.
@MainActor
open class ViewController {
    private var loadedView: View?

    /// The controller this one is a child of (a ``NavigationController``), if any.
    public internal(set) weak var parent: ViewController?
    /// The controller presented modally over this one, if any.
    public private(set) var presentedViewController: ViewController?
    /// The controller that presented this one, if any.
    public private(set) weak var presentingViewController: ViewController?
    /// Whether the controller is on screen (between viewDidAppear and viewWillDisappear).
    public internal(set) var isVisible = false
    /// A name for logs and tests.
    public var title: String?

    /// Makes a controller; its view is not loaded yet.
    public nonisolated init(title: String? = nil) {
        self.title = title
    }

    /// The root view, loaded on first access (loadView, then viewDidLoad).
    public var view: View {
        get {
            loadViewIfNeeded()
            return loadedView!
        }
        set { loadedView = newValue }
    }

    /// The view if it is loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }

    /// Whether the view is loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = View() }
        viewDidLoad()
    }

    /// Creates the view; the default makes a plain ``View``. Set ``view`` when overriding.
    open func loadView() { view = View() }
    /// The view was loaded.
    open func viewDidLoad() {}
    /// The view is about to appear.
    open func viewWillAppear() {}
    /// The view is appearing: it has its size and traits now.
    open func viewIsAppearing() {}
    /// The view is about to lay out its subviews (appearing, or the size changed).
    open func viewWillLayoutSubviews() {}
    /// The view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// The view appeared.
    open func viewDidAppear() {}
    /// The view is about to disappear.
    open func viewWillDisappear() {}
    /// The view disappeared.
    open func viewDidDisappear() {}
    /// The app received a memory warning (after the app delegate and the notification).
    open func didReceiveMemoryWarning() {}

    /// The child controllers shown inside this one (a navigation controller's top).
    var visibleChildren: [ViewController] { [] }

    /// Every child, shown or not (for memory warnings).
    var allChildren: [ViewController] { [] }

    /// This controller and its shown descendants, parents first.
    var visibleChain: [ViewController] {
        [self] + visibleChildren.flatMap(\.visibleChain)
    }

    /// The controller actually on screen when this one is the root: follows presentations.
    var displayed: ViewController {
        for controller in visibleChain {
            if let presented = controller.presentedViewController { return presented.displayed }
        }
        return self
    }

    /// Presents `controller` full screen over this one's context (non-animated).
    ///
    /// Order: the presented view loads, this context's visible controllers get
    /// viewWillDisappear, the presented ones appear up to layout, the covered ones get
    /// viewDidDisappear, then the presented ones get viewDidAppear.
    public func present(_ controller: ViewController) {
        let presenter = contextRoot
        let covered = presenter.displayed
        presenter.presentedViewController = controller
        controller.presentingViewController = presenter
        guard covered.isVisible else { return }
        Self.transition(from: covered.visibleChain, to: controller.visibleChain, size: covered.view.size)
    }

    /// Dismisses the controller this one presented or, if none, this one (and anything it presented).
    public func dismiss() {
        let presenter: ViewController
        if presentedViewController != nil {
            presenter = contextRoot
        } else if let presenting = contextRoot.presentingViewController {
            presenter = presenting
        } else {
            return
        }
        guard let presented = presenter.presentedViewController else { return }
        let leaving = presented.displayed
        presenter.presentedViewController = nil
        presented.presentingViewController = nil
        guard leaving.isVisible else { return }
        Self.transition(from: leaving.visibleChain, to: presenter.visibleChain, size: leaving.view.size)
    }

    /// The top of this controller's parent chain (presentations attach there).
    var contextRoot: ViewController {
        var root = self
        while let parent = root.parent { root = parent }
        return root
    }

    // MARK: Appearance sequences

    /// Lays out: viewWillLayoutSubviews, the size change, viewDidLayoutSubviews.
    func layout(to size: ScreenSize) {
        viewWillLayoutSubviews()
        view.size = size
        viewDidLayoutSubviews()
    }

    /// Appears `chain` (parents first): load, will, isAppearing, layout pair, did.
    static func appear(_ chain: [ViewController], size: ScreenSize) {
        chain.forEach { $0.loadViewIfNeeded() }
        chain.forEach { $0.viewWillAppear() }
        chain.forEach { $0.viewIsAppearing() }
        chain.forEach { $0.layout(to: size) }
        chain.forEach {
            $0.isVisible = true
            $0.viewDidAppear()
        }
    }

    /// Replaces `old` on screen by `new`, UIKit's order for a non-animated transition.
    static func transition(from old: [ViewController], to new: [ViewController], size: ScreenSize) {
        new.forEach { $0.loadViewIfNeeded() }
        old.forEach { $0.viewWillDisappear() }
        new.forEach { $0.viewWillAppear() }
        new.forEach { $0.viewIsAppearing() }
        new.forEach { $0.layout(to: size) }
        old.forEach {
            $0.isVisible = false
            $0.viewDidDisappear()
        }
        new.forEach {
            $0.isVisible = true
            $0.viewDidAppear()
        }
    }

    /// Sends didReceiveMemoryWarning to every loaded controller below this one, parents first.
    func forwardMemoryWarning() {
        if isViewLoaded { didReceiveMemoryWarning() }
        allChildren.forEach { $0.forwardMemoryWarning() }
        presentedViewController?.forwardMemoryWarning()
    }
}
