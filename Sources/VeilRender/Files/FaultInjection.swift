#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Faults that the process-level tests inject into a `veil` binary, compiled only with the
/// `VEIL_FAULT_INJECTION` condition: debug builds (what `swift test` runs) and the build of
/// `Scripts/test-faults`. A release build has none of it and reads no such variable.
enum FaultInjection {
    #if VEIL_FAULT_INJECTION
        /// A pause in the middle of every atomic write (`VEIL_TEST_WRITE_PAUSE_MS`, 0–10000), so a
        /// test can signal or kill the writer while its temporary file exists. It only widens that
        /// window; it changes nothing that is written.
        static let writePause: (@Sendable () -> Void)? = {
            guard let text = getenv("VEIL_TEST_WRITE_PAUSE_MS"), let value = Int(String(cString: text)), value > 0
            else {
                return nil
            }
            let milliseconds = UInt32(min(value, 10_000))
            return { usleep(milliseconds * 1000) }
        }()
    #else
        static let writePause: (@Sendable () -> Void)? = nil
    #endif
}
