import Foundation
import Testing
import VeilLifecycle
import VeilRedaction
@testable import Veil

/// The example of spec/scenario.md, verbatim.
private let specExample = #"""
    name: bank                       # used in snapshot file names
    screen:
      size: 80x24
      file: screens/home.ans         # terminal bytes, relative to this file; or `text: |` inline
      sensitive:                     # optional marks besides the in-band marker and the rules
        - rect: {row: 5, col: 10, width: 19, height: 1}
    rules: rules.yml                 # optional; default: .veil.yml beside it, else built-in rules
    policy:
      didEnterBackgroundDeadline: 5s # default 5s
      willTerminateDeadline: 5s      # default 5s
      backgroundTime: 30s            # extra time per background-task session; ios13 profile default
      profile: ios13                 # ios6 (600s) | ios7 (180s) | ios13 (30s)
      exitsOnSuspend: false
      expirationWarning: 5s          # the expiration handler runs this long before time runs out
    handlers:                        # what the app does inside each callback, in order
      applicationWillResignActive:
        - privacyCover: true         # whole-screen opaque cover, as apps do for the switcher
      applicationDidEnterBackground:
        - work: 1.5s                 # time spent inside the callback (virtual or real)
        - beginBackgroundTask: {name: upload, work: 20s}   # ends itself after 20 s of work
      applicationDidBecomeActive:
        - privacyCover: false
        - show: screens/unlock.ans   # replace the screen content
      applicationWillEnterForeground:
        - print: "\e[2J\e[HWelcome back"   # write bytes to the screen
    timeline:
      - launch                       # cold launch from the icon
      - wait: 2s
      - home
      - wait: 40s
      - tapIcon
      - incomingCall: declined       # accepted | declined
      - lock
      - unlock
      - forceQuit
    """#

@Test func theSpecExampleLoadsWithEveryField() throws {
    let scenario = try Scenario.parse(specExample, path: "/suite/bank.veil.yml")
    #expect(scenario.name == "bank")
    #expect(scenario.screen.cols == 80 && scenario.screen.rows == 24)
    #expect(scenario.screen.content == .file("screens/home.ans"))
    #expect(scenario.screen.sensitive == [Scenario.Rect(row: 5, col: 10, width: 19, height: 1)])
    #expect(scenario.rulesPath == "rules.yml")
    #expect(scenario.policy.didEnterBackgroundDeadline == .seconds(5))
    #expect(scenario.policy.backgroundTime == .seconds(30))
    #expect(scenario.policy.profile == "ios13")
    #expect(scenario.handlers["applicationWillResignActive"] == [.privacyCover(true)])
    #expect(
        scenario.handlers["applicationDidEnterBackground"] == [
            .work(.milliseconds(1500)),
            .beginBackgroundTask(name: "upload", work: .seconds(20), endInExpirationHandler: false),
        ])
    #expect(
        scenario.handlers["applicationDidBecomeActive"] == [.privacyCover(false), .show(file: "screens/unlock.ans")])
    #expect(
        scenario.handlers["applicationWillEnterForeground"] == [.print(Array("\u{1B}[2J\u{1B}[HWelcome back".utf8))])
    #expect(
        scenario.timeline.map(\.step)
            == [
                .launch(), .wait(.seconds(2)), .home, .wait(.seconds(40)), .tapIcon,
                .incomingCall(.declined), .lock, .unlock, .forceQuit,
            ].map(Scenario.Step.event))
    #expect(scenario.timeline[5].position == Scenario.Position(line: 32, column: 5))
}

@Test func everyTimelineEventOfTheVocabularyParses() throws {
    let yaml = """
        timeline:
          - launch: {url: "veilbank://home"}
          - backgroundLaunch
          - openURL: veilbank://pay
          - appSwitcher
          - switcherSelect: self
          - switcherSelect: other
          - incomingCall: accepted
          - alarm
          - notificationCenter
          - controlCenter
          - memoryWarning
          - memoryPressure
          - significantTimeChange
          - resize: 100x30
          - wait: 250ms
          - print: "x"
          - show: a.ans
        """
    let steps = try Scenario.parse(yaml, path: "dir/s.yml").timeline.map(\.step)
    #expect(steps.count == 17)
    #expect(steps[0] == .event(.launch(url: URL(string: "veilbank://home"))))
    #expect(steps[2] == .event(.openURL(URL(string: "veilbank://pay")!)))
    #expect(steps[4] == .event(.switcherSelect(.this)) && steps[5] == .event(.switcherSelect(.other)))
    #expect(steps[6] == .event(.incomingCall(.accepted)))
    #expect(steps[13] == .event(.resize(ScreenSize(columns: 100, rows: 30))))
    #expect(steps[14] == .event(.wait(.milliseconds(250))))
    #expect(steps[15] == .print(Array("x".utf8)))
}

@Test func fullSelectorSpellingsAreAcceptedAsHandlerKeys() throws {
    let yaml = """
        handlers:
          application(_:didFinishLaunchingWithOptions:):
            - returnFalse
          applicationDidEnterBackground(_:):
            - work: 2m
        """
    let scenario = try Scenario.parse(yaml, path: "s.yml")
    #expect(scenario.handlers["didFinishLaunchingWithOptions"] == [.returnFalse])
    #expect(scenario.handlers["applicationDidEnterBackground"] == [.work(.seconds(120))])
}

@Test(arguments: [
    ("timeline:\n  - hme\n", "s.yml:2:5: unknown timeline event \"hme\"; did you mean home?"),
    ("timeline:\n  - prnt: hello\n", "s.yml:2:5: unknown timeline event \"prnt\"; did you mean print?"),
    ("timeline:\n  - explode\n", "s.yml:2:5: unknown timeline event \"explode\"; expected one of: launch, "),
    (
        "handlers:\n  applicationDidEnterBackground:\n    - privacyCovr: true\n",
        "s.yml:3:7: unknown action \"privacyCovr\"; did you mean privacyCover?"
    ),
    (
        "timeline:\n  - wait: soon\n",
        "s.yml:2:11: wait must be a duration up to one week such as 250ms, 1.5s or 2m, got \"aaaa\" (its shape)"
    ),
    (
        "timeline:\n  - wait: 4539 1488 0343 6467\n",
        "s.yml:2:11: wait must be a duration up to one week such as 250ms, 1.5s or 2m, got \"9999 9999 9999 9999\" (its shape)"
    ),
    (
        "timeline:\n  - incomingCall: maybe\n",
        "s.yml:2:19: incomingCall must be accepted or declined, got \"aaaaa\" (its shape)"
    ),
    ("screen:\n  size: 80by24\n", "s.yml:2:9: screen size must be COLSxROWS with each 1…1000"),
    ("screen:\n  size: 2000x24\n", "s.yml:2:9: screen size must be COLSxROWS"),
    ("policy:\n  profile: ios99\n", "s.yml:2:12: profile must be ios6, ios7 or ios13"),
    ("policy:\n  deadline: 5s\n", "s.yml:2:3: unknown key \"deadline\" in policy"),
    (
        "handlers:\n  applicationDidEnterBackground:\n    - returnFalse\n",
        "s.yml:3:7: returnFalse is only for the launch handlers"
    ),
    ("handlers:\n  didLaunch:\n    - work: 1s\n", "s.yml:2:3: unknown handler \"didLaunch\""),
    ("timeline: [launch\n", "s.yml:2:1: invalid YAML"),
    ("name: ../../etc/passwd\n", "s.yml:1:7: name must be 1–64 characters"),
    ("", "s.yml:1:1: the file is empty"),
    ("screen:\n  file: a.ans\n  text: hi\n", "s.yml:3:9: screen takes either \"file\" or \"text\", not both"),
])
func badScenariosNameFileLineAndColumn(yaml: String, expected: String) {
    do {
        _ = try Scenario.parse(yaml, path: "s.yml")
        Issue.record("expected an error for \(yaml.debugDescription)")
    } catch let error as InputError {
        #expect(error.description.hasPrefix(expected), "got: \(error.description)")
    } catch {
        Issue.record("unexpected error type \(error)")
    }
}

@Test func durationsOverAWeekOrNegativeAreRejected() {
    for bad in ["-1s", "1e9s", "8000000s", "soon"] {
        #expect(throws: InputError.self) { try Scenario.parse("timeline:\n  - wait: \(bad)\n", path: "s.yml") }
    }
    #expect(throws: Never.self) { try Scenario.parse("timeline:\n  - wait: 168h\n", path: "s.yml") }
}

@Test func yaml11BooleansAreRefusedWithAHint() {
    #expect(
        throws: InputError(
            path: "s.yml", line: 3, column: 21,
            message: "privacyCover must be true or false, not \"on\" (YAML 1.2 booleans; write true)")
    ) {
        try Scenario.parse("handlers:\n  applicationWillResignActive:\n    - privacyCover: on\n", path: "s.yml")
    }
}

@Test func unknownScenarioKeysSuggestTheNearestOne() {
    #expect(
        throws: InputError(
            path: "s.yml", line: 2, column: 3,
            message: "unknown key \"profil\" in policy (did you mean \"profile\"?)")
    ) {
        try Scenario.parse("policy:\n  profil: ios13\n", path: "s.yml")
    }
}

/// A simulated app's output goes through a cooked line discipline, as a program's output to a tty.
@Suite struct ScenarioLineFeedTests {
    @Test func inlineTextAndPrintStartEachLineAtColumnZero() async throws {
        let text = """
            screen:
              text: |
                My cards
                Visa  4111 1111 1111 1111
            handlers:
              applicationDidEnterBackground:
                - print: "one\\ntwo\\n"
            timeline:
              - launch
              - home

            """
        let scenario = try Scenario.parse(text, path: "/tmp/line-feeds.veil.yml")
        let snapshotter = try Snapshotter(settings: SnapshotSettings(rules: try RuleSet.builtIn))
        let result = try await ScenarioRunner(scenario: scenario, snapshotter: snapshotter).run()
        let shown = try #require(result.snapshots.first).shown.lines()
        #expect(Array(shown.prefix(4)) == ["My cards", "Visa  4111 1111 1111 1111", "one", "two"])
    }
}
