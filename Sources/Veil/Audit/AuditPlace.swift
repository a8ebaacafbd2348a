/// One place a finding's value showed: where the bytes that drew it are in the file, the
/// screen cells it covered, and when (recordings).
///
/// A value shown three times is one ``AuditFinding`` with three places; the first is the
/// finding's own ``AuditFinding/location`` and ``AuditFinding/spans``.
public struct AuditPlace: Sendable, Hashable {
    /// Where the bytes that drew the value there are in the file.
    public var location: AuditLocation
    /// The screen cells that held it (empty for a title).
    public var spans: [ScreenSpan]
    /// When it showed there, in seconds from the recording's start (recordings only).
    public var seconds: Double?
    /// The index of the event after which it showed there (recordings only, 0-based).
    public var event: Int?
    /// The offset in the terminal output of the first byte that drew it there, when known.
    public var byteOffset: Int?

    public init(
        location: AuditLocation, spans: [ScreenSpan], seconds: Double? = nil, event: Int? = nil, byteOffset: Int? = nil
    ) {
        self.location = location
        self.spans = spans.sorted()
        self.seconds = seconds
        self.event = event
        self.byteOffset = byteOffset
    }

    /// `path:line:column`, with `at 1.50 s` for a recording.
    public var description: String {
        location.description + (seconds.map { " at " + AuditExposure.seconds($0) } ?? "")
    }
}

extension AuditFinding {
    /// How many places the value showed at: the listed ``places`` and those past the list's
    /// limit; 1 for a finding without places (a scenario's snapshot, a medium's text).
    public var placeCount: Int { max(1, places.count + unlistedPlaces) }

    /// `3 places`, or nil for one.
    public var placeCountText: String? { placeCount > 1 ? "\(placeCount) places" : nil }

    /// Every place as a finding of its own (its location and cells; the value, fingerprint
    /// and baseline match shared), in order; the finding alone when it has one place.
    public var perPlace: [AuditFinding] {
        guard places.count > 1 else { return [self] }
        return places.map { place in
            var copy = self
            copy.location = place.location
            copy.spans = place.spans
            return copy
        }
    }
}
