import Foundation
import Testing
@testable import VeilRedaction

/// `ResidentID.utcDate(of:)` replaces a Gregorian `Calendar` in UTC (which loads ICU's
/// calendar data at start-up); it must agree with one.
@Suite struct UTCDateTests {
    @Test func agreesWithAGregorianCalendarInUTC() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // Every day from 1800 to 2200 around midnight, and arbitrary instants, including
        // the last second of a day and dates before 1970.
        var instants: [TimeInterval] = []
        for day in stride(from: -62_091, through: 84_006, by: 1) {
            instants += [Double(day) * 86_400, Double(day) * 86_400 + 86_399.999]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { instants.append(Double.random(in: -5_364_662_400...7_258_118_400, using: &generator)) }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            let expected = calendar.dateComponents([.year, .month, .day], from: date)
            let got = ResidentID.utcDate(of: date)
            guard got.year == expected.year, got.month == expected.month, got.day == expected.day else {
                Issue.record("\(instant): \(got) but Calendar says \(expected)")
                return
            }
        }
    }

    @Test func leapDaysAndYearEnds() {
        func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
        #expect(ResidentID.utcDate(of: date("2000-02-29T23:59:59Z")) == (2000, 2, 29))
        #expect(ResidentID.utcDate(of: date("1900-03-01T00:00:00Z")) == (1900, 3, 1))
        #expect(ResidentID.utcDate(of: date("1969-12-31T23:59:59Z")) == (1969, 12, 31))
        #expect(ResidentID.utcDate(of: date("2024-12-31T12:00:00Z")) == (2024, 12, 31))
        #expect(ResidentID.utcDate(of: date("2025-01-01T00:00:00Z")) == (2025, 1, 1))
    }
}
