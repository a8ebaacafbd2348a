/// The arithmetic Xcms uses instead of the C library's (its own square and cube roots by
/// Newton's method, its arctangent by the arithmetic-geometric mean), so that colours at the
/// edge of the gamut, where a channel's intensity is within 1e-13 of 0, fall on the same
/// side as in Xlib. Sine and cosine are the C library's (Xcms's own agree with them to a
/// unit in the last place).
extension XcmsScreen {
    /// √a by Newton's method from a/4 (a > 1) or 4a, stopping when a step is below a unit in
    /// the last place of the guess; 0 for a ≤ 0.
    static func squareRoot(_ a: Double) -> Double {
        guard a > 0 else { return 0 }
        var guess = a > 1 ? a / 4 : a * 4
        var delta: Double
        repeat {
            delta = (guess - a / guess) / 2
            guess -= delta
            if delta < 0 { delta = -delta }
        } while delta >= guess * Double.ulpOfOne
        return guess
    }

    /// ∛a by Newton's method from |a|/8 (|a| > 1) or 8|a|, as ``squareRoot(_:)``.
    static func cubeRoot(_ a: Double) -> Double {
        if a == 0 { return 0 }
        let magnitude = a < 0 ? -a : a
        var guess = magnitude > 1 ? magnitude / 8 : magnitude * 8
        var delta: Double
        repeat {
            delta = (guess - magnitude / (guess * guess)) / 3
            guess -= delta
            if delta < 0 { delta = -delta }
        } while delta >= guess * Double.ulpOfOne
        return a < 0 ? -guess : guess
    }

    /// arctan x = x / (√(1 + x²) · AGM(1/√(1 + x²), 1)), the mean iterated until its two
    /// terms are equal or within 1e-6 (times x when x < 1) of each other, at most 10,000 times.
    static func arcTangent(_ x: Double) -> Double {
        if x == 0 { return 0 }
        let maximumError = x < 1 ? x * 0.000001 : 0.000001
        var a = squareRoot(1 / (1 + x * x))
        var b = 1.0
        var a1 = 0.0
        var b1 = 0.0
        for _ in 0..<10000 {
            a1 = (a + b) / 2
            b1 = squareRoot(a1 * b)
            if a1 == b1 { break }
            let d = a1 > b1 ? a1 - b1 : b1 - a1
            if d < maximumError { break }
            a = a1
            b = b1
        }
        let l = a1 > b1 ? b1 : a1
        return x / (squareRoot(1 + x * x) * l)
    }
}
