/// The numeric parameters of a control sequence: at most ``capacity`` values, each
/// clamped to ``maximumValue``, with `:` sub-parameters marked. Beyond the capacity the
/// separators are ignored, so the digits of the surplus run into the last value (xterm).
///
/// `CSI 38:2::1:2:3 m` gives the values `[38, 2, 0, 1, 2, 3]` where values 1…5 are
/// sub-parameters of value 0. An empty parameter reads as 0 (``isEmpty(_:)`` tells it apart).
public struct Parameters: Hashable, Sendable {
    /// The most parameters kept; further ones are dropped.
    public static let capacity = 32
    /// The largest value a parameter can take; larger numbers are clamped.
    public static let maximumValue = 65535

    @usableFromInline var values = SIMD32<UInt16>()
    /// Bit `i` set when value `i` followed a `:` (is a sub-parameter of the one before).
    @usableFromInline var subparameterMask: UInt32 = 0
    /// Bit `i` set when value `i` had no digits (`CSI 8;;5 t`: value 1).
    @usableFromInline var emptyMask: UInt32 = 0
    /// The number of parameters.
    public internal(set) var count = 0

    /// Creates an empty parameter list.
    public init() {}

    /// Creates a parameter list from groups: each inner array is a parameter followed by
    /// its `:` sub-parameters (`[[38, 2, 0, 1, 2, 3], [1]]`).
    public init(_ groups: [[Int]]) {
        for group in groups {
            for (offset, value) in group.enumerated() {
                append(UInt16(clamping: value), isSubparameter: offset > 0)
            }
        }
    }

    /// The value at `index` (0 when absent or empty).
    @inlinable
    public subscript(index: Int) -> Int {
        index < count ? Int(values[index]) : 0
    }

    /// The value at `index`, or `defaultValue` when it is absent or 0 (the ECMA-48 default).
    @inlinable
    public func value(_ index: Int, default defaultValue: Int) -> Int {
        let value = self[index]
        return value == 0 ? defaultValue : value
    }

    /// Whether the value at `index` is absent or was sent without digits (xterm's `DEFAULT`,
    /// which some sequences read apart from an explicit 0).
    @inlinable
    public func isEmpty(_ index: Int) -> Bool {
        index >= count || emptyMask & (1 << UInt32(index)) != 0
    }

    /// Whether the value at `index` followed a `:`.
    @inlinable
    public func isSubparameter(_ index: Int) -> Bool {
        index < count && subparameterMask & (1 << UInt32(index)) != 0
    }

    /// Appends a value (dropped when the list is full). Inlined: it runs for every parameter
    /// of every sequence (a call was 9 % of the parse time of a vim session).
    @usableFromInline @inline(__always)
    mutating func append(_ value: UInt16, isSubparameter: Bool, empty: Bool = false) {
        guard count < Parameters.capacity else { return }
        values[count] = value
        if isSubparameter { subparameterMask |= 1 << UInt32(count) }
        if empty { emptyMask |= 1 << UInt32(count) }
        count += 1
    }

    @usableFromInline
    mutating func removeAll() {
        count = 0
        subparameterMask = 0
        emptyMask = 0
    }

    /// The parameters as groups (a parameter and its sub-parameters), for tests and logs.
    public var groups: [[Int]] {
        var result: [[Int]] = []
        for index in 0..<count {
            if isSubparameter(index), !result.isEmpty {
                result[result.count - 1].append(self[index])
            } else {
                result.append([self[index]])
            }
        }
        return result
    }

    public static func == (lhs: Parameters, rhs: Parameters) -> Bool { lhs.groups == rhs.groups }
    public func hash(into hasher: inout Hasher) { hasher.combine(groups) }
}

/// Up to two intermediate bytes (0x20…0x2F) of an escape or control sequence.
public struct Intermediates: Hashable, Sendable {
    /// The most intermediates kept; a sequence with more is dispatched with `ignore`.
    public static let capacity = 2

    /// The first intermediate byte, or 0.
    public private(set) var first: UInt8 = 0
    /// The second intermediate byte, or 0.
    public private(set) var second: UInt8 = 0

    /// Creates intermediates from up to two bytes.
    public init(_ bytes: [UInt8] = []) {
        for byte in bytes.prefix(Intermediates.capacity) { _ = append(byte) }
    }

    /// The number of intermediates.
    public var count: Int { first == 0 ? 0 : (second == 0 ? 1 : 2) }

    /// The intermediates as one number for a `switch`: `first << 8 | second`.
    @inlinable public var key: UInt32 { UInt32(first) << 8 | UInt32(second) }

    /// Appends a byte; returns false when full.
    @usableFromInline
    mutating func append(_ byte: UInt8) -> Bool {
        if first == 0 { first = byte; return true }
        if second == 0 { second = byte; return true }
        return false
    }
}

/// A control sequence as the parser saw it: `CSI marker params intermediates final`
/// (or the same shape after `DCS`).
public struct ControlSequence: Hashable, Sendable {
    /// The numeric parameters.
    public var parameters: Parameters
    /// The intermediate bytes.
    public var intermediates: Intermediates
    /// The private marker (`<`, `=`, `>` or `?`) that opened the parameters, or 0.
    public var privateMarker: UInt8
    /// The final byte (0x40…0x7E).
    public var final: UInt8
    /// True when the sequence overflowed a limit (more than two intermediates); a
    /// receiver should not act on it.
    public var ignore: Bool

    /// Creates a control sequence.
    public init(
        parameters: Parameters = Parameters(), intermediates: Intermediates = Intermediates(),
        privateMarker: UInt8 = 0, final: UInt8, ignore: Bool = false
    ) {
        self.parameters = parameters
        self.intermediates = intermediates
        self.privateMarker = privateMarker
        self.final = final
        self.ignore = ignore
    }
}
