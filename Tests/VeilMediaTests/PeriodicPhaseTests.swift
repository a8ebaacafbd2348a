import Testing

@testable import VeilMedia

/// The phase fit the OCR's grid uses for its row pitch and its cell width.
@Suite struct PeriodicPhaseTests {
    @Test func positionsAPeriodApartAreCoherentAtThatPeriodAndItsMultiplesOnly() {
        // Lines 22 pixels apart, some rows blank, centred at 11 + 22k.
        let centres = [0, 1, 2, 4, 5, 9].map { 11 + 22 * Double($0) }
        let fit = PeriodicPhase.of(centres, period: 22)
        #expect(abs(fit.coherence - 1) < 1e-9)
        #expect(abs(fit.phase - 11) < 1e-9)
        #expect(PeriodicPhase.of(centres, period: 11).coherence > 0.999)  // a divisor: as coherent
        #expect(PeriodicPhase.of(centres, period: 19).coherence < 0.6)
        // A phase past the period's end wraps into 0..<period.
        #expect(abs(PeriodicPhase.of([21, 43, 65], period: 22).phase - 21) < 1e-9)
        #expect(PeriodicPhase.of([], period: 22).coherence == 0)
    }

    @Test func thePitchOfLinesIsTheirSpacingNotAMultipleNorTheTallestInk() {
        // agg's 22.44-pixel rows: kept fractional; Veil's 16-pixel rows: whole.
        let agg = [0, 1, 2, 3, 5, 6, 8].map { 11 + 22.44 * Double($0) + 10 }
        #expect(abs(GridFinder.pitch(ofLinesCentredAt: agg, height: 300, typicalHeight: 16) - 22.44) < 0.1)
        let veil = [0, 1, 2, 3, 4].map { 16 * Double($0) + 8.5 }
        #expect(GridFinder.pitch(ofLinesCentredAt: veil, height: 384, typicalHeight: 11) == 16)
    }
}
