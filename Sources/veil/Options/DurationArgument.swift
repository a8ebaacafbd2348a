import ArgumentParser
import VeilLifecycle

/// A duration on the command line (`--idle`, `--timeout`, `--every`, `--idle-limit`,
/// `--last-frame`): `500ms`, `1.5s`, `2m`, or a bare number of seconds (``DurationParser``, as
/// scenario files write them). Parsed once, when the arguments are: more than zero through
/// `@Option(transform: DurationArgument.init)`, zero or more as a plain option's value
/// (``init(argument:)``).
struct DurationArgument: Sendable, Hashable, ExpressibleByArgument {
    /// The duration.
    var duration: Duration

    /// Parses `argument`.
    /// - Throws: ``Invalid`` (ArgumentParser shows it after the option's name: exit 2).
    init(_ argument: String) throws {
        guard let duration = try? Duration(parsing: argument), duration > .zero else { throw Invalid() }
        self.duration = duration
    }

    /// Parses `argument`, zero included (`--last-frame 0`); nil for anything else, which
    /// ArgumentParser reports with the option's name (exit 2).
    init?(argument: String) {
        guard let duration = try? Duration(parsing: argument), duration >= .zero else { return nil }
        self.duration = duration
    }

    /// The duration in seconds.
    var seconds: Double { duration.inSeconds }

    /// Not a duration: what one looks like.
    struct Invalid: Error, CustomStringConvertible {
        var description: String { "give a duration more than zero, such as 500ms, 1.5s, 2m or 30 (seconds)" }
    }
}
