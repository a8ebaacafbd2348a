import Foundation
import Veil
import VeilRedaction

/// The progress line of a long animation: on standard error, redrawn in place, only when
/// standard error is a terminal and only once the work has taken a second.
final class AnimationProgress: @unchecked Sendable {
    private let name: String
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?
    private var drawn = false
    private let enabled: Bool

    init(output: String) {
        name = DisplayText.escaped(output)
        start = clock.now
        enabled = isatty(STDERR_FILENO) == 1
    }

    /// Shows where the work is (at most ten times a second).
    func report(_ progress: RedactedAnimation.Progress) {
        guard enabled else { return }
        let now = clock.now
        guard now - start >= .seconds(1) else { return }
        if let lastDraw, now - lastDraw < .milliseconds(100) { return }
        lastDraw = now
        let text: String
        switch progress {
        case .scanning: text = "finding what to hide…"
        case .drawing(let fraction): text = String(format: "drawing frames %3.0f%%", fraction * 100)
        }
        FileHandle.standardError.write(Data("\r\u{1B}[2Kveil: \(name): \(text)".utf8))
        drawn = true
    }

    /// Clears the line.
    func end() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        drawn = false
    }
}
