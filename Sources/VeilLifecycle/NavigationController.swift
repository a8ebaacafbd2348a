/// A container that shows a stack of controllers, the top one on screen (UIKit's
/// `UINavigationController`, without animation).
///
/// Pushing: the new view loads, the old top gets viewWillDisappear, the new one
/// viewWillAppear → viewIsAppearing → layout pair, the old top viewDidDisappear, the new
/// one viewDidAppear. Popping mirrors it. When the navigation controller itself appears or
/// lays out, its top controller follows right after it.
@MainActor
open class NavigationController: ViewController {
    /// The stack, bottom first.
    public private(set) var viewControllers: [ViewController]

    /// Makes a navigation controller showing `root`.
    public nonisolated init(rootViewController root: ViewController, title: String? = nil) {
        viewControllers = [root]
        super.init(title: title)
        MainActor.assumeIsolated { root.parent = self }
    }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { viewControllers.last }

    override var visibleChildren: [ViewController] { topViewController.map { [$0] } ?? [] }

    override var allChildren: [ViewController] { viewControllers }

    /// Pushes `controller` onto the stack and shows it.
    public func pushViewController(_ controller: ViewController) {
        let old = topViewController
        controller.parent = self
        viewControllers.append(controller)
        guard isVisible, presentedViewController == nil else { return }
        Self.transition(from: old?.visibleChain ?? [], to: controller.visibleChain, size: view.size)
    }

    /// Pops the top controller (never the root) and shows the one below; returns the popped one.
    @discardableResult
    public func popViewController() -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        let popped = viewControllers.removeLast()
        popped.parent = nil
        if isVisible, presentedViewController == nil, let top = topViewController {
            Self.transition(from: popped.visibleChain, to: top.visibleChain, size: view.size)
        }
        return popped
    }
}
