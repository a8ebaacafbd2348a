import ArgumentParser
import VeilLifecycle

/// A duration on the command line (`--idle`, `--timeout`, `--every`): `500ms`, `1.5s`, `2m`,
/// or a bare number of seconds (``DurationParser``, as scenario files write them), more than
/// zero. Parsed once, when the arguments are: `@Option(transform: DurationArgument.init)`.
struct DurationArgument: Sendable, Hashable {
    /// The duration.
    var duration: Duration

    /// Parses `argument`.
    /// - Throws: ``Invalid`` (ArgumentParser shows it after the option's name: exit 2).
    init(_ argument: String) throws {
        guard let duration = try? Duration(parsing: argument), duration > .zero else { throw Invalid() }
        self.duration = duration
    }

    /// The duration in seconds.
    var seconds: Double { duration.inSeconds }

    /// Not a duration: what one looks like.
    struct Invalid: Error, CustomStringConvertible {
        var description: String { "give a duration more than zero, such as 500ms, 1.5s, 2m or 30 (seconds)" }
    }
}
