import CFuzzDriver

/// Runs libFuzzer's driver on `callback`.
///
/// SwiftPM links an executable target with its entry point renamed to `<module>_main`, so
/// libFuzzer's own `main` is never used: each target defines that symbol and calls this.
public func runFuzzer(
    argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
