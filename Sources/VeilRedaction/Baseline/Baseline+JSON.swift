import Foundation

/// Why a baseline file cannot be used.
public struct BaselineError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension Baseline {
    private struct File: Codable {
        var version: Int
        /// Version 1: the salt in hex.
        var salt: String?
        /// Version 2: `environment` (the key is the secret in `VEIL_FINGERPRINT_SALT`).
        var keyedWith: String?
        /// Version 2: an HMAC of a fixed text under the key, to tell a wrong secret apart.
        var keyCheck: String?
        var entries: [Entry]
    }

    /// What ``keyCheck`` is an HMAC of.
    static let keyCheckText = "veil baseline key check"

    /// The HMAC a keyed baseline stores to recognise its key (it reveals nothing of the key).
    public static func keyCheck(salt: [UInt8]) -> String { Fingerprint.compute(keyCheckText, salt: salt) }

    /// The baseline as deterministic JSON: sorted keys, entries sorted by identity,
    /// two-space indentation, a final newline, no timestamps. A baseline keyed with a secret
    /// writes no salt, only `"keyedWith": "environment"` and the key check.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let file =
            isKeyedWithSecret
            ? File(
                version: Self.keyedFormatVersion, keyedWith: "environment", keyCheck: Self.keyCheck(salt: salt),
                entries: entries)
            : File(
                version: Self.formatVersion, salt: salt.map { String(format: "%02x", $0) }.joined(), entries: entries)
        return try encoder.encode(file) + Data("\n".utf8)
    }

    /// Reads a baseline written by ``jsonData()``; `secret` is the environment's salt
    /// (`VEIL_FINGERPRINT_SALT`), which a keyed baseline (version 2) needs.
    /// - Throws: ``BaselineError`` saying what is wrong (version, salt, a missing or wrong
    ///   secret, an entry's field).
    public init(jsonData data: Data, secret: [UInt8]? = nil) throws {
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
        switch file.version {
        case Self.formatVersion:
            guard let hex = file.salt else {
                throw BaselineError(message: "not a Veil baseline: 'salt' missing at the top")
            }
            guard hex.count % 2 == 0, let salt = Self.bytes(hex: hex), !salt.isEmpty else {
                throw BaselineError(message: "the baseline's salt is not hex")
            }
            self.init(salt: salt, entries: file.entries)
        case Self.keyedFormatVersion:
            guard file.keyedWith == "environment", let check = file.keyCheck else {
                throw BaselineError(message: "not a Veil baseline: 'keyedWith' or 'keyCheck' missing at the top")
            }
            guard let secret, !secret.isEmpty else {
                throw BaselineError(
                    message:
                        "the baseline is keyed with VEIL_FINGERPRINT_SALT (its key is not in the file), which is not set: set it to the secret the baseline was made with"
                )
            }
            guard Self.keyCheck(salt: secret) == check else {
                throw BaselineError(
                    message:
                        "VEIL_FINGERPRINT_SALT is not the secret this baseline was made with (its key check differs)")
            }
            self.init(salt: secret, entries: file.entries, keyedWithSecret: true)
        default:
            throw BaselineError(
                message:
                    "baseline version \(file.version) is not supported (expected \(Self.formatVersion) or \(Self.keyedFormatVersion))"
            )
        }
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
