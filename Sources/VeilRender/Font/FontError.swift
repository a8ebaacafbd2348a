import VeilResources

/// Errors loading a Veil font file (`Scripts/generate-font`'s format).
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bundled font is not in the resources.
    case missingResource(name: String)
    /// The file could not be opened or mapped.
    case unreadable(path: String, errno: Int32)
    /// The file is not a Veil font of a supported version.
    case badMagic(path: String)
    /// The header's sizes do not add up to the file's size.
    case inconsistentSize(path: String, expected: Int, actual: Int)

    public var description: String {
        switch self {
        case let .missingResource(name):
            return "the bundled font \(name) is missing from the resources (\(VeilResources.searchDescription))"
        case let .unreadable(path, code):
            return "cannot read font \(path): \(AtomicFile.describe(code))"
        case let .badMagic(path):
            return "\(path) is not a Veil font file (version 1)"
        case let .inconsistentSize(path, expected, actual):
            return "font \(path) is \(actual) bytes; its header describes \(expected)"
        }
    }
}
