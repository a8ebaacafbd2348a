import ArgumentParser
import Veil
import VeilRedaction

/// `-o FILE`, in every command that writes one: `-` is standard output, anything else a file
/// written atomically (``OutputTarget``).
extension OutputTarget: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }

    /// A shell completes `-o` with file names.
    public static var defaultCompletionKind: CompletionKind { .file() }
}

/// `--style`: a redaction style by name (``StyleName``), the same names for screens and text.
extension StyleName: ExpressibleByArgument {}
