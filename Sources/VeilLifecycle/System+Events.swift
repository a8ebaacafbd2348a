import Foundation

/// The event table of `spec/lifecycle.md`: which events are possible in which state, and
/// the sequence each one produces.
extension System {
    func handle(_ event: SystemEvent) async throws {
        let app = application
        let (state, incarnation, locked) = app.core.withLock { ($0.state, $0.incarnation, $0.deviceLocked) }
        func invalid(_ reason: String) -> LifecycleError { .invalidEvent(event, in: state, reason) }

        switch event {
        case .launch(let url):
            guard state == .notRunning else {
                throw invalid("only a not-running app can be launched (tapIcon returns to a running app)")
            }
            await launch(url: url, inBackground: false)

        case .backgroundLaunch:
            switch state {
            case .notRunning: await launch(url: nil, inBackground: true)
            case .suspended: await resumeInBackground(incarnation)
            default: throw invalid("a background launch needs a not-running or suspended app")
            }

        case .home:
            switch state {
            case .active:
                guard await resignActive(incarnation) else { return }
                await enterBackground(incarnation)
            case .inactive:  // the app switcher is open: going home leaves it in the background
                await enterBackground(incarnation)
            default: throw invalid("the app is not in the foreground")
            }

        case .tapIcon:
            switch state {
            case .notRunning: await launch(url: nil, inBackground: false)
            case .background, .suspended: await enterForeground(incarnation, url: nil)
            default: throw invalid("the app is already in the foreground")
            }

        case .openURL(let url):
            switch state {
            case .notRunning: await launch(url: url, inBackground: false)
            case .background, .suspended: await enterForeground(incarnation, url: url)
            default: throw invalid("URLs from other apps reach an app in the background or not running")
            }

        case .appSwitcher:
            guard state == .active else { throw invalid("the app switcher is opened over the active app") }
            await resignActive(incarnation)

        case .switcherSelect(let choice):
            guard state == .inactive else { throw invalid("the app switcher is not open over this app") }
            switch choice {
            case .this: await becomeActive(incarnation)
            case .other: await enterBackground(incarnation)
            }

        case .incomingCall(let outcome):
            guard state == .active else { throw invalid("an incoming call interrupts the active app") }
            guard await resignActive(incarnation) else { return }
            switch outcome {
            case .accepted: await enterBackground(incarnation)
            case .declined: await becomeActive(incarnation)
            }

        case .alarm, .notificationCenter, .controlCenter:
            guard state == .active else { throw invalid("\(event.name) interrupts the active app") }
            guard await resignActive(incarnation) else { return }
            await becomeActive(incarnation)

        case .lock:
            guard !locked else { throw invalid("the device is already locked") }
            guard state != .notRunning else { throw invalid("the app is not running") }
            app.core.withLock { core in
                core.deviceLocked = true
                core.foregroundAtLock = state.isForeground
            }
            switch state {
            case .active:
                guard await resignActive(incarnation) else { return }
                await enterBackground(incarnation, locking: true)
            case .inactive:
                await enterBackground(incarnation, locking: true)
            default:
                await app.deliverOrQueue(.protectedData(available: false), incarnation: incarnation)
            }

        case .unlock:
            guard locked else { throw invalid("the device is not locked") }
            guard !state.isForeground else { throw invalid("the app is in the foreground") }
            let foreground = app.core.withLock { core -> Bool in
                core.deviceLocked = false
                defer { core.foregroundAtLock = false }
                return core.foregroundAtLock
            }
            guard state != .notRunning else { return }  // the app died while the device was locked
            await app.deliverOrQueue(.protectedData(available: true), incarnation: incarnation)
            if foreground {
                await enterForeground(incarnation, url: nil)
            }

        case .forceQuit:
            switch state {
            case .suspended:
                app.kill(
                    incarnation: incarnation, violation: nil, reason: .userForceQuit,
                    code: TerminationCode.userForceQuit, during: nil)
            case .inactive:  // swiped away in the app switcher [obs]: didEnterBackground → willTerminate
                guard app.transition(to: .background, incarnation: incarnation, session: .start),
                    await app.withDeadline(
                        policy.didEnterBackgroundDeadline, incarnation: incarnation,
                        operation: {
                            await app.deliver(.didEnterBackground, incarnation: incarnation)
                        })
                else { return }
                await app.terminateGracefully(
                    incarnation: incarnation, reason: .userForceQuit, code: TerminationCode.userForceQuit)
            case .background:
                await app.terminateGracefully(
                    incarnation: incarnation, reason: .userForceQuit, code: TerminationCode.userForceQuit)
            default:
                throw invalid("only an app in the app switcher or in the background can be force-quit")
            }

        case .memoryWarning:
            guard state.isRunning else { throw invalid("memory warnings reach running apps only") }
            guard await app.deliver(.didReceiveMemoryWarning, incarnation: incarnation),
                app.window.hasViewControllers
            else { return }
            await app.window.forwardMemoryWarning()

        case .memoryPressure:
            switch state {
            case .suspended:
                app.kill(incarnation: incarnation, violation: nil, reason: .memoryPressure, code: nil, during: nil)
            case .background:
                await app.terminateGracefully(incarnation: incarnation, reason: .memoryPressure, code: nil)
            default:
                throw invalid("memory pressure purges apps in the background")
            }

        case .significantTimeChange:
            guard state != .notRunning else { throw invalid("the app is not running") }
            await app.deliverOrQueue(.significantTimeChange, incarnation: incarnation)

        case .resize(let size):
            let layoutNow = app.core.withLock { core -> Bool in
                core.screenSize = size
                if core.state == .suspended { core.pendingLayout = true }
                return core.state.isRunning
            }
            if layoutNow { await app.window.resize(to: size) }  // also records the size without controllers

        case .wait(let duration):
            try await app.clock.sleep(untilElapsed: app.clock.elapsed + duration)
        }
    }

    // MARK: Sequences

    /// Cold launch: willFinish → didFinish → (open URL) under the launch deadline, then the
    /// window appears, then didBecomeActive (or, in the background, didEnterBackground).
    private func launch(url: URL?, inBackground: Bool) async {
        let app = application
        await app.window.reset(size: app.screenSize)
        let incarnation = app.core.withLock { core -> Int in
            core.incarnation += 1
            core.protectedDataAvailable = !core.deviceLocked
            core.foregroundAtLock = false
            app.transitionLocked(&core, to: inBackground ? .background : .inactive)
            if inBackground { app.startSessionLocked(&core) }
            return core.incarnation
        }
        let options = LaunchOptions(url: url, isBackgroundLaunch: inBackground)
        let launched = await app.withDeadline(policy.launchDeadline, incarnation: incarnation) {
            let arguments = CallArguments(launchOptions: options)
            guard let willFinish = await app.call(.willFinishLaunching, incarnation: incarnation, arguments),
                let didFinish = await app.call(.didFinishLaunching, incarnation: incarnation, arguments),
                app.post(.didFinishLaunching, incarnation: incarnation)
            else { return }
            if let url, willFinish, didFinish {
                _ = await app.call(.openURL, incarnation: incarnation, CallArguments(url: url, isLaunchURL: true))
            }
        }
        guard launched else { return }
        await app.window.makeVisible()
        if inBackground {
            await enterBackground(incarnation, alreadyInBackground: true, reason: .backgroundLaunch)
        } else {
            await becomeActive(incarnation)
        }
    }

    /// inactive → active: didBecomeActive (state active), then its notification.
    @discardableResult
    private func becomeActive(_ incarnation: Int) async -> Bool {
        guard application.transition(to: .active, incarnation: incarnation, session: .end) else { return false }
        return await application.deliver(.didBecomeActive, incarnation: incarnation)
    }

    /// active → inactive: willResignActive (state still active), its notification, then the change.
    @discardableResult
    private func resignActive(_ incarnation: Int) async -> Bool {
        guard await application.deliver(.willResignActive, incarnation: incarnation) else { return false }
        return application.transition(to: .inactive, incarnation: incarnation, session: .keep)
    }

    /// inactive → background: didEnterBackground under its deadline, its notification, the
    /// snapshot moment, protected data going away when locking, and exit when exitsOnSuspend.
    /// Suspension follows when the event ends and no background task holds the app.
    private func enterBackground(
        _ incarnation: Int, locking: Bool = false, alreadyInBackground: Bool = false,
        reason: SnapshotMoment.Reason = .didEnterBackground
    ) async {
        let app = application
        if !alreadyInBackground {
            guard app.transition(to: .background, incarnation: incarnation, session: .start) else { return }
        }
        let inTime = await app.withDeadline(policy.didEnterBackgroundDeadline, incarnation: incarnation) {
            await app.deliver(.didEnterBackground, incarnation: incarnation)
        }
        guard inTime else { return }
        await app.snapshotMoment(reason, incarnation: incarnation)
        if locking {
            await app.deliverOrQueue(.protectedData(available: false), incarnation: incarnation)
        }
        if policy.exitsOnSuspend {
            await app.terminateGracefully(incarnation: incarnation, reason: .exitsOnSuspend, code: nil)
        }
    }

    /// background/suspended → active: (queued notifications) → willEnterForeground
    /// (notification first) → (open URL) → didBecomeActive.
    private func enterForeground(_ incarnation: Int, url: URL?) async {
        let app = application
        guard await resume(incarnation) else { return }
        guard await app.deliver(.willEnterForeground, incarnation: incarnation),
            app.transition(to: .inactive, incarnation: incarnation, session: .end)
        else { return }
        if let url {
            guard await app.call(.openURL, incarnation: incarnation, CallArguments(url: url)) != nil else { return }
        }
        await becomeActive(incarnation)
    }

    /// suspended → background (no callback), then a snapshot moment; suspends again at the end.
    private func resumeInBackground(_ incarnation: Int) async {
        guard await resume(incarnation) else { return }
        application.core.withLock { application.startSessionLocked(&$0) }
        await application.snapshotMoment(.resumeInBackground, incarnation: incarnation)
    }

    /// Wakes a suspended app (logging suspended → background) and delivers what queued up:
    /// coalesced notifications first, then a layout for a resize that happened meanwhile.
    private func resume(_ incarnation: Int) async -> Bool {
        let app = application
        let (wasSuspended, layout) = app.core.withLock { core -> (Bool, Bool) in
            app.endSessionLocked(&core)
            guard core.state == .suspended else { return (false, false) }
            app.transitionLocked(&core, to: .background)
            defer { core.pendingLayout = false }
            return (true, core.pendingLayout)
        }
        guard wasSuspended else { return app.isAlive(incarnation) }
        await app.deliverQueued(incarnation: incarnation)
        if layout, app.isAlive(incarnation) {
            await app.window.resize(to: app.screenSize)
        }
        return app.isAlive(incarnation)
    }
}
