#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Colour management as Xlib's Xcms does it for an X screen that publishes no colour
/// characterization (no XDCCC properties: Xvfb and most X servers), which is what xterm 379's
/// `XParseColor` uses for the device-independent specifications `rgbi:`, `CIEXYZ:`,
/// `CIEuvY:`, `CIExyY:`, `CIELab:`, `CIELuv:` and `TekHVC:`. The screen's data (white point,
/// matrices, intensity of each device level) come from the installed libX11
/// (`Scripts/generate-xcms`); the conversions follow Xcms's own arithmetic, its slips
/// included (its CIELab uses a*/5 and b*/2 where CIE has /500 and /200, and L*/9.03292 for
/// dark colours), since the goal is the colour xterm shows. Colours outside the screen's
/// gamut are brought in as Xcms's default does (TekHVC chroma reduced at constant hue and
/// value). The result is what an 8-bit TrueColor visual shows: each channel's high byte.
///
/// Checked against real Xlib `XParseColor` results (`Scripts/colour-goldens`) and real
/// xterm's answers (`Scripts/query-goldens`).
enum XcmsScreen {
    /// A colour in CIE XYZ.
    struct XYZ {
        var x: Double
        var y: Double
        var z: Double
    }

    /// A colour in CIE u'v'Y.
    struct UVY {
        var u: Double
        var v: Double
        var y: Double
    }

    /// A colour in TekHVC (hue in degrees, value and chroma 0…100).
    struct HVC {
        var h: Double
        var v: Double
        var c: Double
    }

    /// RGB intensities (linear, 0…1 in gamut).
    typealias RGBi = (r: Double, g: Double, b: Double)

    /// Xcms's tolerance on a spec's ranges (its `XMY_DBL_EPSILON`: `DBL_EPSILON` is not defined
    /// where it is used, so 0.00001).
    static let epsilon = 0.00001
    /// Xcms's tolerance on an intensity in gamut (LRGB.c's `EPS`).
    static let gamutEpsilon = 0.001

    static var white: XYZ { XYZ(x: whitePoint.x, y: whitePoint.y, z: whitePoint.z) }
    static var whiteUVY: UVY { uvY(white) }

    // MARK: - To CIE XYZ

    static func uvY(_ c: XYZ) -> UVY {
        let div = c.x + 15 * c.y + 3 * c.z
        if div == 0 { return UVY(u: whiteUVY.u, v: whiteUVY.v, y: c.y) }
        return UVY(u: 4 * c.x / div, v: 9 * c.y / div, y: c.y)
    }

    static func xyz(_ c: UVY) -> XYZ {
        var div = 6 * c.u - 16 * c.v + 12
        var x: Double
        var y: Double
        if div == 0 {
            let w = whiteUVY
            div = 6 * w.u - 16 * w.v + 12
            x = 9 * w.u / div
            y = 4 * w.v / div
        } else {
            x = 9 * c.u / div
            y = 4 * c.v / div
        }
        let z = 1 - x - y
        if y != 0 { return XYZ(x: x * c.y / y, y: c.y, z: z * c.y / y) }
        return XYZ(x: x, y: c.y, z: z)
    }

    /// CIE xyY (through u'v', as Xcms does).
    static func xyz(xyY x: Double, _ y: Double, _ luminance: Double) -> XYZ {
        var div = -2 * x + 12 * y + 3
        if div == 0 { return XYZ(x: 0, y: 0, z: 0) }
        let u = 4 * x / div
        let v = 9 * y / div
        div = 6 * u - 16 * v + 12
        var cx: Double
        var cy: Double
        if div == 0 {
            // Xcms reads a white point it never converted here (u' for both): kept as it does.
            let w = whiteUVY
            div = 6 * w.u - 16 * w.v + 12
            if div == 0 { div = 0.00001 }
            cx = 9 * w.u / div
            cy = 4 * w.u / div
        } else {
            cx = 9 * u / div
            cy = 4 * v / div
        }
        let cz = 1 - cx - cy
        if cy == 0 { cy = 0.00001 }
        return XYZ(x: cx * luminance / cy, y: luminance, z: cz * luminance / cy)
    }

    /// CIE L*a*b* as Xcms computes it (a*/5, b*/2; L*/9.03292 below the knee).
    static func xyz(lab l: Double, _ a: Double, _ b: Double) -> XYZ {
        let w = white
        var fy = (l + 16) / 116
        let y = fy * fy * fy
        if y < 0.008856 {
            fy = l / 9.03292
            return XYZ(x: w.x * (a / 3893.5 + fy), y: fy, z: w.z * (fy - b / 1557.4))
        }
        let fx = fy + a / 5
        let fz = fy - b / 2
        return XYZ(x: w.x * fx * fx * fx, y: y, z: w.z * fz * fz * fz)
    }

    /// CIE L*u*v*.
    static func uvY(luv l: Double, _ u: Double, _ v: Double) -> UVY {
        var y: Double
        if l < 7.99953624 {
            y = l / 903.29
        } else {
            let f = (l + 16) / 116
            y = f * f * f
        }
        let w = whiteUVY
        if l == 0 { return UVY(u: w.u, v: w.v, y: y) }
        let scale = 13 * (l / 100)
        return UVY(u: u / scale + w.u, v: v / scale + w.v, y: y)
    }

    // MARK: - TekHVC

    static let bestRed = (u: 0.7127, v: 0.4931)
    static let chromaScale = 7.50725

    /// The hue offset of the white point (Tektronix's "best red" at hue 0).
    static var thetaOffset: Double {
        let w = whiteUVY
        return arcTangent((bestRed.v - w.v) / (bestRed.u - w.u)) * 180 / Double.pi
    }

    /// TekHVC's range check and adjustment (Xcms's `XcmsTekHVC_ValidSpec`); nil outside.
    static func validated(_ c: HVC) -> HVC? {
        guard c.v >= 0 - epsilon, c.v <= 100 + epsilon, c.c >= 0 - epsilon else { return nil }
        var c = c
        if c.v < 0 { c.v = 0 + epsilon } else if c.v > 100 { c.v = 100 - epsilon }
        if c.c < 0 { c.c = 0 - epsilon }
        while c.h < 0 { c.h += 360 }
        while c.h >= 360 { c.h -= 360 }
        return c
    }

    /// Xcms's `_XcmsTekHVC_CheckModify`: brings value, chroma and hue into range.
    static func modified(_ c: HVC) -> HVC {
        var c = c
        if c.v < 0 { c.v = 0 + epsilon } else if c.v > 100 { c.v = 100 - epsilon }
        if c.c < 0 { c.c = 0 - epsilon }
        if c.h < 0 {
            let n = Int(-c.h / 360)
            c.h += Double(n + 1) * 360
            if c.h >= 360 { c.h -= 360 }
        } else if c.h >= 360 {
            let n = Int(c.h / 360)
            c.h -= Double(n) * 360
        }
        return c
    }

    static func uvY(_ hvc: HVC) -> UVY? {
        guard let c = validated(hvc) else { return nil }
        let w = whiteUVY
        if c.v == 0 || c.v == 100 { return UVY(u: w.u, v: w.v, y: c.v == 100 ? 1 : 0) }
        var hue = c.h + thetaOffset
        while hue < 0 { hue += 360 }
        while hue >= 360 { hue -= 360 }
        hue = hue * Double.pi / 180
        let u = cos(hue) * c.c / (c.v * chromaScale)
        let v = sin(hue) * c.c / (c.v * chromaScale)
        var y: Double
        if c.v < 7.99953624 {
            y = c.v / 903.29
        } else {
            let f = (c.v + 16) / 116
            y = f * f * f
        }
        return UVY(u: u + w.u, v: v + w.v, y: y)
    }

    static func hvc(_ c: UVY) -> HVC? {
        guard c.y >= 0 - epsilon, c.y <= 1 + epsilon else { return nil }
        let w = whiteUVY
        let u = c.u - w.u
        let v = c.v - w.v
        var theta = u == 0 ? 0 : arcTangent(v / u) * 180 / Double.pi
        var low = 0.0
        var high = 360.0
        if u > 0 && v > 0 {
            (low, high) = (0, 90)
        } else if u < 0 && v > 0 {
            (low, high) = (90, 180)
        } else if u < 0 && v < 0 {
            (low, high) = (180, 270)
        } else if u > 0 && v < 0 {
            (low, high) = (270, 360)
        }
        while theta < low { theta += 90 }
        while theta >= high { theta -= 90 }
        let l = c.y < 0.008856 ? c.y * 903.29 : cubeRoot(c.y) * 116 - 16
        let chroma = l * chromaScale * squareRoot(u * u + v * v)
        if chroma < 0 { theta = 0 }
        var hue = theta - thetaOffset
        while hue < -0.001 { hue += 360 }
        while hue >= 360 + 0.001 { hue -= 360 }
        return HVC(h: hue, v: l, c: chroma)
    }

    // MARK: - RGB intensities

    static func rgbi(_ c: XYZ) -> RGBi {
        let m = xyzToRGBi
        return (
            m[0][0] * c.x + m[0][1] * c.y + m[0][2] * c.z,
            m[1][0] * c.x + m[1][1] * c.y + m[1][2] * c.z,
            m[2][0] * c.x + m[2][1] * c.y + m[2][2] * c.z
        )
    }

    static func xyz(_ c: RGBi) -> XYZ {
        let m = rgbiToXYZ
        return XYZ(
            x: m[0][0] * c.r + m[0][1] * c.g + m[0][2] * c.b,
            y: m[1][0] * c.r + m[1][1] * c.g + m[1][2] * c.b,
            z: m[2][0] * c.r + m[2][1] * c.g + m[2][2] * c.b)
    }

    static func outOfGamut(_ c: RGBi) -> Bool {
        min(c.r, c.g, c.b) < -gamutEpsilon || max(c.r, c.g, c.b) > 1 + gamutEpsilon
    }

    /// CIE XYZ to RGB intensities in gamut, as Xcms's
    /// `XcmsCIEXYZToRGBi` with its default gamut compression (`XcmsTekHVCClipC`); nil when
    /// Xcms fails.
    static func rgbiInGamut(_ c: XYZ) -> RGBi? {
        var i = rgbi(c)
        if outOfGamut(i) {
            guard let compressed = clippedChroma(c) else { return nil }
            i = rgbi(compressed)
            if outOfGamut(i) { return nil }
        }
        return (min(max(i.r, 0), 1), min(max(i.g, 0), 1), min(max(i.b, 0), 1))
    }

    /// Xcms's `XcmsTekHVCClipC`: the colour with its chroma reduced to the most the screen
    /// shows at its hue and value.
    static func clippedChroma(_ c: XYZ) -> XYZ? {
        guard let hvc = hvc(uvY(c)), let reduced = maximumChroma(hue: hvc.h, value: hvc.v), let back = uvY(reduced)
        else { return nil }
        return xyz(back)
    }

    /// Xcms's `XcmsTekHVCQueryMaxC`: the colour of most chroma the screen shows at a hue and
    /// value (chroma on the line to the hue's maximum-value-and-chroma point below its value,
    /// a search along the line from that point to white above it).
    static func maximumChroma(hue: Double, value: Double) -> HVC? {
        var tmp = modified(HVC(h: hue, v: value, c: 100))
        guard let (maxVC, saved) = maximumValueAndChroma(hue: hue) else { return nil }
        if value <= maxVC.v {
            tmp.c = value * maxVC.c / maxVC.v
            return modified(tmp)
        }
        var nValue = value
        let savedValue = value
        var lastChroma = -1.0
        var lastValue = -1.0
        let maxDistance = 100 - maxVC.v
        var relaxation = 1.0
        var count = 0
        while count < 100 {
            let previousValue = lastValue
            lastValue = tmp.v
            lastChroma = tmp.c
            let t = (nValue - maxVC.v) / maxDistance * relaxation
            let rgb: RGBi = (saved.r * (1 - t) + t, saved.g * (1 - t) + t, saved.b * (1 - t) + t)
            guard let converted = hvc(uvY(xyz(rgb))) else { return nil }
            tmp = converted
            if tmp.v <= savedValue + 0.001 && tmp.v >= savedValue - 0.001 {
                tmp.h = hue
                return modified(tmp)
            }
            nValue += savedValue - tmp.v
            if nValue < maxVC.v {
                nValue = maxVC.v
                relaxation *= 0.5
            } else if nValue > 100 {
                tmp.h = hue
                if abs(lastValue - savedValue) < abs(tmp.v - savedValue) {
                    tmp.v = lastValue
                    tmp.c = lastChroma
                }
                return modified(tmp)
            } else if tmp.v <= previousValue + 0.001 && tmp.v >= previousValue - 0.001 {
                relaxation *= 0.5
            }
            count += 1
        }
        if abs(lastValue - savedValue) < abs(tmp.v - savedValue) {
            tmp.v = lastValue
            tmp.c = lastChroma
        }
        tmp.h = hue
        return tmp
    }

    /// Xcms's `_XcmsTekHVCQueryMaxVCRGB`: the point of most value and chroma at a hue, and
    /// its RGB intensities.
    static func maximumValueAndChroma(hue: Double) -> (HVC, RGBi)? {
        guard let start = uvY(HVC(h: hue, v: 40, c: 120)) else { return nil }
        var i = rgbi(xyz(start))
        if !outOfGamut(i) { i = (min(max(i.r, 0), 1), min(max(i.g, 0), 1), min(max(i.b, 0), 1)) }
        let small = min(i.r, i.g, i.b)
        i = (i.r - small, i.g - small, i.b - small)
        let large = max(i.r, i.g, i.b)
        i = (i.r / large, i.g / large, i.b / large)
        guard var top = hvc(uvY(xyz(i))) else { return nil }
        top.h = hue
        return (top, i)
    }

    // MARK: - Device levels

    /// The device level (0…255) Xcms gives an intensity on an 8-bit visual
    /// (`XcmsRGBiToRGB`: a search of the channel's table, linear interpolation, then the
    /// nearer level; ties go down).
    static func level(_ intensity: Double, table: [Double]) -> UInt8 {
        // Entries: level k is value k · 0x0101 with intensity table[k].
        if intensity <= table[0] { return 0 }
        var low = 0
        var high = table.count - 1
        var middle = 0
        var last = -1
        while middle != last {
            last = middle
            middle = low + (high - low) / 2
            if intensity == table[middle] { return UInt8(truncatingIfNeeded: (middle * 0x101) >> 8) }
            if intensity < table[middle] { high = middle } else { low = middle }
        }
        let ratio = (intensity - table[low]) / (table[high] - table[low])
        var target = (high - low) * 0x101
        target = Int(Double(target) * ratio)
        target += low * 0x101
        var up = ((target >> 8) * 0xFFFF) / 255
        var down: Int
        if up < target {
            down = up
            up = (min((down >> 8) + 1, 255) * 0xFFFF) / 255
        } else {
            down = (max((up >> 8) - 1, 0) * 0xFFFF) / 255
        }
        let value = UInt16(truncatingIfNeeded: (up - target) < (target - down) ? up : down)
        return UInt8(value >> 8)
    }

    /// The 8-bit colour of RGB intensities.
    static func device(_ i: RGBi) -> (UInt8, UInt8, UInt8) {
        (level(i.r, table: redIntensities), level(i.g, table: greenIntensities), level(i.b, table: blueIntensities))
    }
}
