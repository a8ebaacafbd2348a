import FuzzSupport
import VeilRedaction
import VeilScreen

/// libFuzzer entry point for the rules YAML loader: the text either loads or throws
/// ``RuleFileError``; loaded rules then run over a fixed sample screen, where detection may
/// only fail with ``DetectionError`` (for example a regex over its time budget) and the
/// redacted screen must keep the screen invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    RulesFuzzer.run(text)
    return 0
}

enum RulesFuzzer {
    static func run(_ text: String) {
        let rules: RuleSet
        do {
            rules = try RuleSet(yaml: text, file: "fuzz.yml")
        } catch is RuleFileError {
            return
        } catch {
            fatalError("RuleSet(yaml:) threw an untyped error: \(type(of: error))")
        }
        let screen = SampleScreen.screen
        let redactor = Redactor(rules: rules)
        do {
            let plan = try redactor.plan(for: screen)
            let redacted = try redactor.apply(plan, to: screen)
            ScreenChecks.check(redacted, cols: screen.cols, rows: screen.rows, "after redaction")
        } catch is DetectionError {
        } catch {
            fatalError("detection or redaction threw an unexpected error: \(error)")
        }
        let covered = redactor.redact(screen)
        ScreenChecks.check(covered.screen, cols: screen.cols, rows: screen.rows, "after redact()")
        if rules.rules.count <= 4 { _ = rules.lint() }
    }
}

/// The entry point SwiftPM links this executable with (see ``runFuzzer(argc:argv:_:)``).
@_cdecl("fuzz_rules_main")
public func fuzzRulesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzRules)
}
