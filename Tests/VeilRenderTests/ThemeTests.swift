import Testing
import VeilRender
import VeilScreen

@Suite struct ThemeTests {
    @Test func builtInThemesAreFoundByName() {
        #expect(Theme.builtIn.map(\.name) == ["dark", "light", "xterm"])
        #expect(Theme.named("light") == .light)
        #expect(Theme.named("solarized") == nil)
    }

    @Test func indexedColoursFollowXterm() {
        let theme = Theme.xterm
        #expect(theme.resolve(.indexed(1), isForeground: true) == RGBColor(hex: 0xCD0000))
        #expect(theme.resolve(.indexed(16), isForeground: true) == RGBColor(0, 0, 0))
        #expect(theme.resolve(.indexed(21), isForeground: true) == RGBColor(0, 0, 255))
        #expect(theme.resolve(.indexed(196), isForeground: true) == RGBColor(255, 0, 0))
        #expect(theme.resolve(.indexed(110), isForeground: true) == RGBColor(135, 175, 215))
        #expect(theme.resolve(.indexed(231), isForeground: true) == RGBColor(255, 255, 255))
        #expect(theme.resolve(.indexed(232), isForeground: true) == RGBColor(8, 8, 8))
        #expect(theme.resolve(.indexed(255), isForeground: true) == RGBColor(238, 238, 238))
        #expect(theme.resolve(.rgb(1, 2, 3), isForeground: false) == RGBColor(1, 2, 3))
        #expect(theme.resolve(.default, isForeground: true) == RGBColor(0, 0, 0))
        #expect(theme.resolve(.default, isForeground: false) == RGBColor(255, 255, 255))
    }
}
