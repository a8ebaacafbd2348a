import Foundation

/// Why a baseline file cannot be used.
public struct BaselineError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension Baseline {
    private struct File: Codable {
        var version: Int
        var salt: String
        var entries: [Entry]
    }

    /// The baseline as deterministic JSON: sorted keys, entries sorted by identity,
    /// two-space indentation, a final newline, no timestamps.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let file = File(
            version: Self.formatVersion, salt: salt.map { String(format: "%02x", $0) }.joined(),
            entries: entries)
        return try encoder.encode(file) + Data("\n".utf8)
    }

    /// Reads a baseline written by ``jsonData()``.
    /// - Throws: ``BaselineError`` saying what is wrong (version, salt, an entry's field).
    public init(jsonData data: Data) throws {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw BaselineError(
                message: "not a Veil baseline: '\(key.stringValue)' missing at \(Self.path(context.codingPath))")
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw BaselineError(message: "not a Veil baseline: not JSON")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
            let DecodingError.dataCorrupted(context)
        {
            throw BaselineError(
                message: "not a Veil baseline: \(context.debugDescription) at \(Self.path(context.codingPath))")
        } catch {
            throw BaselineError(message: "not a Veil baseline: not JSON")
        }
        guard file.version == Self.formatVersion else {
            throw BaselineError(
                message: "baseline version \(file.version) is not supported (expected \(Self.formatVersion))")
        }
        guard file.salt.count % 2 == 0, let salt = Self.bytes(hex: file.salt), !salt.isEmpty else {
            throw BaselineError(message: "the baseline's salt is not hex")
        }
        self.init(salt: salt, entries: file.entries)
    }

    private static func path(_ codingPath: [CodingKey]) -> String {
        codingPath.isEmpty
            ? "the top" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    private static func bytes(hex: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let h = nibble(high), let l = nibble(low) else { return nil }
            bytes.append(h << 4 | l)
        }
        return bytes
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }
}
