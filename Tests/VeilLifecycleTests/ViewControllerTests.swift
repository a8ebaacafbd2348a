import Foundation
import Testing
import VeilLifecycle

/// A view controller that records its life-cycle calls as `name.method`.
@MainActor
final class RecordingViewController: ViewController {
    let calls: Recorder<String>

    nonisolated init(_ name: String, calls: Recorder<String>) {
        self.calls = calls
        super.init(title: name)
    }

    private func record(_ method: String) { calls.append("\(title ?? "?").\(method)") }

    override func loadView() {
        record("loadView")
        super.loadView()
    }
    override func viewDidLoad() { record("viewDidLoad") }
    override func viewWillAppear() { record("viewWillAppear") }
    override func viewIsAppearing() { record("viewIsAppearing") }
    override func viewWillLayoutSubviews() { record("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { record("viewDidLayoutSubviews") }
    override func viewDidAppear() { record("viewDidAppear") }
    override func viewWillDisappear() { record("viewWillDisappear") }
    override func viewDidDisappear() { record("viewDidDisappear") }
    override func didReceiveMemoryWarning() { record("didReceiveMemoryWarning") }
}

@MainActor
final class RecordingNavigationController: NavigationController {
    let calls: Recorder<String>

    nonisolated init(root: ViewController, calls: Recorder<String>) {
        self.calls = calls
        super.init(rootViewController: root, title: "nav")
    }

    private func record(_ method: String) { calls.append("nav.\(method)") }

    override func viewDidLoad() { record("viewDidLoad") }
    override func viewWillAppear() { record("viewWillAppear") }
    override func viewIsAppearing() { record("viewIsAppearing") }
    override func viewWillLayoutSubviews() { record("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { record("viewDidLayoutSubviews") }
    override func viewDidAppear() { record("viewDidAppear") }
    override func viewWillDisappear() { record("viewWillDisappear") }
    override func viewDidDisappear() { record("viewDidDisappear") }
    override func didReceiveMemoryWarning() { record("didReceiveMemoryWarning") }
}

let appearSequence = [
    "viewWillAppear", "viewIsAppearing", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear",
]

@Suite("View controllers")
@MainActor
struct ViewControllerTests {
    /// Launches an app whose didFinishLaunching installs `root`; records delegate calls too.
    private func launched(root: ViewController, calls: Recorder<String>) async throws -> Harness {
        let h = Harness([
            .didFinishLaunching: { app in
                await MainActor.run { app.window.rootViewController = root }
                calls.append("app.didFinishLaunching")
            },
            .didBecomeActive: { _ in calls.append("app.didBecomeActive") },
            .didReceiveMemoryWarning: { _ in calls.append("app.didReceiveMemoryWarning") },
        ])
        h.system.application.notificationCenter.addObserver(for: .didReceiveMemoryWarning) { _ in
            calls.append("note.didReceiveMemoryWarning")
        }
        try await h.run(.launch())
        return h
    }

    @Test("view loads on first access: loadView then viewDidLoad, once")
    func lazyLoad() {
        let calls = Recorder<String>()
        let vc = RecordingViewController("a", calls: calls)
        #expect(!vc.isViewLoaded)
        #expect(vc.viewIfLoaded == nil)
        _ = vc.view
        _ = vc.view
        #expect(calls.all == ["a.loadView", "a.viewDidLoad"])
    }

    @Test("launch: the root appears after didFinishLaunching, before didBecomeActive")
    func launchAppearance() async throws {
        let calls = Recorder<String>()
        let root = RecordingViewController("root", calls: calls)
        let h = try await launched(root: root, calls: calls)
        #expect(
            calls.all == ["app.didFinishLaunching", "root.loadView", "root.viewDidLoad"]
                + appearSequence.map { "root.\($0)" } + ["app.didBecomeActive"])
        #expect(root.isVisible)
        #expect(root.view.size == ScreenSize(columns: 80, rows: 24))
        h.finish()
    }

    @Test("push and pop, inside a navigation controller that appears with its top")
    func pushPop() async throws {
        let calls = Recorder<String>()
        let first = RecordingViewController("first", calls: calls)
        let nav = RecordingNavigationController(root: first, calls: calls)
        let h = try await launched(root: nav, calls: calls)
        #expect(
            calls.all == [
                "app.didFinishLaunching", "nav.viewDidLoad", "first.loadView", "first.viewDidLoad",
                "nav.viewWillAppear", "first.viewWillAppear", "nav.viewIsAppearing", "first.viewIsAppearing",
                "nav.viewWillLayoutSubviews", "nav.viewDidLayoutSubviews",
                "first.viewWillLayoutSubviews", "first.viewDidLayoutSubviews",
                "nav.viewDidAppear", "first.viewDidAppear", "app.didBecomeActive",
            ])
        let before = calls.all.count
        let second = RecordingViewController("second", calls: calls)
        nav.pushViewController(second)
        #expect(
            Array(calls.all.dropFirst(before)) == [
                "second.loadView", "second.viewDidLoad", "first.viewWillDisappear", "second.viewWillAppear",
                "second.viewIsAppearing", "second.viewWillLayoutSubviews", "second.viewDidLayoutSubviews",
                "first.viewDidDisappear", "second.viewDidAppear",
            ])
        #expect(nav.topViewController === second)
        let beforePop = calls.all.count
        #expect(nav.popViewController() === second)
        #expect(
            Array(calls.all.dropFirst(beforePop)) == [
                "second.viewWillDisappear", "first.viewWillAppear", "first.viewIsAppearing",
                "first.viewWillLayoutSubviews", "first.viewDidLayoutSubviews", "second.viewDidDisappear",
                "first.viewDidAppear",
            ])
        #expect(nav.popViewController() == nil)  // the root stays
        h.finish()
    }

    @Test("present and dismiss full screen")
    func presentDismiss() async throws {
        let calls = Recorder<String>()
        let root = RecordingViewController("root", calls: calls)
        let h = try await launched(root: root, calls: calls)
        let before = calls.all.count
        let modal = RecordingViewController("modal", calls: calls)
        root.present(modal)
        #expect(
            Array(calls.all.dropFirst(before)) == [
                "modal.loadView", "modal.viewDidLoad", "root.viewWillDisappear", "modal.viewWillAppear",
                "modal.viewIsAppearing", "modal.viewWillLayoutSubviews", "modal.viewDidLayoutSubviews",
                "root.viewDidDisappear", "modal.viewDidAppear",
            ])
        #expect(root.presentedViewController === modal)
        #expect(modal.presentingViewController === root)
        #expect(h.system.application.window.visibleViewControllers.map(\.title) == ["modal"])
        let beforeDismiss = calls.all.count
        modal.dismiss()
        #expect(
            Array(calls.all.dropFirst(beforeDismiss)) == [
                "modal.viewWillDisappear", "root.viewWillAppear", "root.viewIsAppearing",
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "modal.viewDidDisappear",
                "root.viewDidAppear",
            ])
        #expect(root.presentedViewController == nil)
        h.finish()
    }

    @Test("resize: visible controllers get the layout pair, parents first; hidden ones do not")
    func resize() async throws {
        let calls = Recorder<String>()
        let first = RecordingViewController("first", calls: calls)
        let nav = RecordingNavigationController(root: first, calls: calls)
        let h = try await launched(root: nav, calls: calls)
        let second = RecordingViewController("second", calls: calls)
        nav.pushViewController(second)
        let before = calls.all.count
        try await h.run(.resize(ScreenSize(columns: 120, rows: 40)))
        #expect(
            Array(calls.all.dropFirst(before)) == [
                "nav.viewWillLayoutSubviews", "nav.viewDidLayoutSubviews",
                "second.viewWillLayoutSubviews", "second.viewDidLayoutSubviews",
            ])
        #expect(second.view.size == ScreenSize(columns: 120, rows: 40))
        #expect(h.system.application.screenSize == ScreenSize(columns: 120, rows: 40))
        h.finish()
    }

    @Test("a resize while suspended lays out on resume, after queued notifications")
    func resizeWhileSuspended() async throws {
        let calls = Recorder<String>()
        let root = RecordingViewController("root", calls: calls)
        let h = try await launched(root: root, calls: calls)
        try await h.run(.home)
        let before = calls.all.count
        try await h.run(.resize(ScreenSize(columns: 100, rows: 30)))
        #expect(calls.all.count == before)
        try await h.run(.tapIcon)
        #expect(
            Array(calls.all.dropFirst(before)) == [
                "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "app.didBecomeActive",
            ])
        h.finish()
    }

    @Test("backgrounding does not call disappear; returning does not call appear")
    func backgroundNoAppearance() async throws {
        let calls = Recorder<String>()
        let root = RecordingViewController("root", calls: calls)
        let h = try await launched(root: root, calls: calls)
        let before = calls.all.count
        try await h.run(.home, .wait(.seconds(10)), .tapIcon, .lock, .unlock, .incomingCall(.accepted), .tapIcon)
        #expect(Array(calls.all.dropFirst(before)) == Array(repeating: "app.didBecomeActive", count: 3))
        #expect(root.isVisible)
        h.finish()
    }

    @Test("memory warning: app delegate, notification, then every loaded view controller")
    func memoryWarning() async throws {
        let calls = Recorder<String>()
        let first = RecordingViewController("first", calls: calls)
        let nav = RecordingNavigationController(root: first, calls: calls)
        let h = try await launched(root: nav, calls: calls)
        nav.pushViewController(RecordingViewController("second", calls: calls))
        let before = calls.all.count
        try await h.run(.memoryWarning)
        #expect(
            Array(calls.all.dropFirst(before)) == [
                "app.didReceiveMemoryWarning", "note.didReceiveMemoryWarning", "nav.didReceiveMemoryWarning",
                "first.didReceiveMemoryWarning", "second.didReceiveMemoryWarning",
            ])
        h.finish()
    }
}
