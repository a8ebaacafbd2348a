import Foundation
import VeilLifecycle
import VeilRedaction

/// Formats lifecycle log entries as readable text, one line per entry.
///
/// `   2.000  callback       applicationWillResignActive(_:)  (state active)`. With `colored`,
/// the time is dimmed and the type tinted with ANSI SGR colours (only for a terminal).
public enum LifecycleLogFormatter {
    /// Formats one entry as a line (no newline).
    public static func line(for event: LifecycleEvent, colored: Bool = false) -> String {
        // By hand, not `String(format:)` and `padding`: a 100,000-step scenario logs
        // hundreds of thousands of lines, and Foundation's formatting was most of the run.
        let time = fixedTime(event.t)
        let type = padded(event.type, to: 15)
        // Task names, paths and messages come from the scenario: escaped, so none can act
        // on the terminal or start a line of its own.
        let details = DisplayText.escaped(self.details(of: event.kind))
        guard colored else { return "\(time)  \(type)\(details)" }
        return "\u{1B}[2m\(time)\u{1B}[0m  \u{1B}[\(color(of: event.kind))m\(type)\u{1B}[0m\(details)"
    }

    /// Formats every entry, each line ending in a newline.
    public static func text(for events: [LifecycleEvent], colored: Bool = false) -> String {
        events.map { line(for: $0, colored: colored) + "\n" }.joined()
    }

    /// How a lifecycle log is printed (`--log`).
    public enum Format: String, CaseIterable, Sendable {
        /// One readable line per entry (coloured on a terminal: ``TerminalColour``).
        case text
        /// One JSON object per line (``LifecycleEvent/jsonLine``).
        case json
    }

    /// The log in `format`, every line ending in a newline; `colored` applies to text.
    public static func render(_ events: [LifecycleEvent], as format: Format, colored: Bool = false) -> String {
        switch format {
        case .json: events.map { $0.jsonLine + "\n" }.joined()
        case .text: text(for: events, colored: colored)
        }
    }

    /// `%8.3f` of a time in seconds (milliseconds rounded half away from zero).
    static func fixedTime(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return String(format: "%8.3f", seconds) }
        let milliseconds = Int((abs(seconds) * 1000).rounded())
        let fraction = milliseconds % 1000
        let digits =
            (seconds < 0 && milliseconds != 0 ? "-" : "") + String(milliseconds / 1000) + "."
            + (fraction < 100 ? (fraction < 10 ? "00" : "0") : "") + String(fraction)
        return padded(digits, to: 8, left: true)
    }

    /// `text` padded with spaces to `width` characters (on the left with `left`), cut to `width`
    /// when longer (as `padding(toLength:)`).
    static func padded(_ text: String, to width: Int, left: Bool = false) -> String {
        let count = text.count
        if count >= width { return left ? text : String(text.prefix(width)) }
        let fill = String(repeating: " ", count: width - count)
        return left ? fill + text : text + fill
    }

    private static func details(of kind: LifecycleEvent.Kind) -> String {
        switch kind {
        case .state(let from, let to): "\(from) → \(to)"
        case .callback(let name, let state): "\(name)  (state \(state))"
        case .notification(let name): name
        case .snapshot(let path, let hidden): "\(path)  (\(hidden) hidden)"
        case .backgroundTask(let event, let name, let id): "\(event) '\(name)' (id \(id))"
        case .termination(let reason, let code, let during):
            [reason.rawValue, code, during.map { "during \($0)" }].compactMap { $0 }.joined(separator: "  ")
        case .violation(let rule, let message): "\(rule): \(message)"
        }
    }

    private static func color(of kind: LifecycleEvent.Kind) -> String {
        switch kind {
        case .state: "1;36"  // bold cyan
        case .callback: "32"  // green
        case .notification: "34"  // blue
        case .snapshot: "35"  // magenta
        case .backgroundTask: "33"  // yellow
        case .termination, .violation: "1;31"  // bold red
        }
    }
}
