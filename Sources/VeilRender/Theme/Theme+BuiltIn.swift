extension Theme {
    /// Light grey on near-black (Tomorrow Night colours); the default.
    public static let dark = Theme(
        name: "dark",
        foreground: RGBColor(hex: 0xC5C8C6), background: RGBColor(hex: 0x1D1F21),
        ansi: [
            0x282A2E, 0xA54242, 0x8C9440, 0xDE935F, 0x5F819D, 0x85678F, 0x5E8D87, 0x707880,
            0x373B41, 0xCC6666, 0xB5BD68, 0xF0C674, 0x81A2BE, 0xB294BB, 0x8ABEB7, 0xC5C8C6,
        ].map(RGBColor.init(hex:)),
        frameBackground: RGBColor(hex: 0x303236), frameForeground: RGBColor(hex: 0xC5C8C6))

    /// Dark grey on near-white (One Light colours).
    public static let light = Theme(
        name: "light",
        foreground: RGBColor(hex: 0x383A42), background: RGBColor(hex: 0xFAFAFA),
        ansi: [
            0x383A42, 0xE45649, 0x50A14F, 0xC18401, 0x4078F2, 0xA626A4, 0x0184BC, 0xA0A1A7,
            0x4F525E, 0xE06C75, 0x98C379, 0xE5C07B, 0x61AFEF, 0xC678DD, 0x56B6C2, 0xFFFFFF,
        ].map(RGBColor.init(hex:)),
        frameBackground: RGBColor(hex: 0xE5E5E6), frameForeground: RGBColor(hex: 0x383A42))

    /// xterm's own defaults: black on white with xterm's 16 colours.
    public static let xterm = Theme(
        name: "xterm",
        foreground: RGBColor(hex: 0x000000), background: RGBColor(hex: 0xFFFFFF),
        ansi: [
            0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
            0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
        ].map(RGBColor.init(hex:)),
        frameBackground: RGBColor(hex: 0xD4D4D4), frameForeground: RGBColor(hex: 0x000000))

    /// Every built-in theme, the default first.
    public static let builtIn: [Theme] = [.dark, .light, .xterm]

    /// The built-in theme called `name` (`dark`, `light`, `xterm`), or nil.
    public static func named(_ name: String) -> Theme? {
        builtIn.first { $0.name == name }
    }
}
