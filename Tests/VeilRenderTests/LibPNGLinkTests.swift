import CVeilPNG
import Testing

@Test func libpngIsLinkedAndReportsItsVersion() {
    let version = String(cString: veil_png_libpng_version())
    #expect(version.hasPrefix("1.6."), "linked libpng is \(version); Veil needs libpng 1.6")
}
