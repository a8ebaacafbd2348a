/// When a capture showed a finding's value (DESIGN.md, "Exposure over time").
public struct AuditExposure: Sendable, Hashable {
    /// Seconds from the start of a recording to the first frame that showed it.
    public var firstSeconds: Double?
    /// The 0-based index of that frame's event in the recording.
    public var firstEvent: Int?
    /// How long it stayed on screen, in seconds (recordings).
    public var visibleSeconds: Double?
    /// Whether it is still on the final screen.
    public var stillVisible: Bool
    /// The offset of the first byte that drew it: in the file for raw bytes, in the
    /// recording's output stream (its output events' data, concatenated) for a recording.
    public var byteOffset: Int?

    public init(
        firstSeconds: Double? = nil, firstEvent: Int? = nil, visibleSeconds: Double? = nil,
        stillVisible: Bool, byteOffset: Int? = nil
    ) {
        self.firstSeconds = firstSeconds
        self.firstEvent = firstEvent
        self.visibleSeconds = visibleSeconds
        self.stillVisible = stillVisible
        self.byteOffset = byteOffset
    }

    /// `shown at 1.25 s (event 3) for 0.80 s, then left`, or for raw bytes `shown before it
    /// was erased, overwritten or scrolled away`; nil for raw bytes still on the final screen.
    public var summary: String? {
        if let firstSeconds {
            let start = "shown at \(Self.seconds(firstSeconds))" + (firstEvent.map { " (event \($0))" } ?? "")
            if stillVisible { return start + ", still on the final screen" }
            return start + (visibleSeconds.map { " for \(Self.seconds($0))" } ?? "") + ", then left"
        }
        return stillVisible ? nil : "shown before it was erased, overwritten or scrolled away"
    }

    /// `1.25 s`.
    static func seconds(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        let whole = Int(hundredths / 100)
        let fraction = Int(hundredths.truncatingRemainder(dividingBy: 100))
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction) s"
    }
}
