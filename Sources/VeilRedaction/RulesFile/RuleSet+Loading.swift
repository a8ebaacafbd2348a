import Foundation
import VeilResources

extension RuleSet {
    /// The name of the rules file looked for in the current folder.
    public static let defaultFileName = ".veil.yml"

    /// The built-in rules (`Resources/Rules/default.yml`), loaded once.
    ///
    /// They come from `RawRuleFile+BuiltIn.generated.swift` (made from the YAML by
    /// `Scripts/generate-builtin-rules`), so start-up parses no YAML, and their regexes are
    /// compiled on first use.
    /// - Throws: ``RuleFileError`` only if the built-in rules are broken.
    public static var builtIn: RuleSet {
        get throws { try builtInResult.get() }
    }

    /// The name messages give the built-in rules file.
    static let builtInFileName = "Rules/default.yml"

    private static let builtInResult: Result<RuleSet, RuleFileError> = {
        do {
            var compiler = RuleFileCompiler(file: builtInFileName)
            compiler.defersRegexCompilation = true
            return .success(try compiler.compile(RawRuleFile.builtIn(), base: { nil }))
        } catch let error as RuleFileError {
            return .failure(error)
        } catch {
            return .failure(RuleFileError(SourcePosition(file: builtInFileName, line: 0, column: 0), "\(error)"))
        }
    }()

    /// The built-in rules read from the bundled YAML, as they were before the generated
    /// file: what the tests compare ``builtIn`` with.
    static func loadBuiltInYAML() throws -> RuleSet {
        try RuleSet(yaml: builtInYAML(), file: builtInFileName, base: nil)
    }

    /// The bundled `Rules/default.yml`.
    static func builtInYAML() throws -> String {
        guard let url = VeilResources.url(builtInFileName) else {
            throw RuleFileError(
                SourcePosition(file: builtInFileName, line: 0, column: 0),
                "the built-in rules are missing from the resource bundle")
        }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw RuleFileError(SourcePosition(file: builtInFileName, line: 0, column: 0), "cannot be read")
        }
    }

    /// Loads a rules file (YAML). Unless it says `extend: {useDefault: false}`, its rules
    /// extend the built-in ones (a rule with a built-in id replaces it).
    /// - Throws: ``RuleFileError`` naming `file:line:column` and what is wrong.
    public init(contentsOf url: URL) throws {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        try self.init(yaml: try RuleFileLimits.read(url, file: file), file: file)
    }

    /// Loads a rules file from bytes already read (a file read inside a confined root);
    /// `file` names it in error messages. The size and UTF-8 checks of
    /// ``init(contentsOf:)`` apply.
    /// - Throws: ``RuleFileError``.
    public init(bytes: [UInt8], file: String) throws {
        let position = SourcePosition(file: file, line: 0, column: 0)
        guard bytes.count <= RuleFileLimits.maximumFileBytes else {
            let limit = RuleFileLimits.maximumFileBytes >> 20
            throw RuleFileError(position, "is \(bytes.count) bytes; the limit for a rules file is \(limit) MiB")
        }
        guard let yaml = String(validating: bytes, as: UTF8.self) else {
            throw RuleFileError(position, "is not UTF-8 text")
        }
        try self.init(yaml: yaml, file: file)
    }

    /// Loads rules from YAML text; `file` names it in error messages.
    /// - Throws: ``RuleFileError``.
    public init(yaml: String, file: String = "<memory>") throws {
        try self.init(yaml: yaml, file: file, base: { try RuleSet.builtIn })
    }

    init(yaml: String, file: String, base: (() throws -> RuleSet)?) throws {
        let raw = try RawRuleFile(yaml: yaml, file: file)
        try RuleFileLimits.check(raw)
        self = try RuleFileCompiler(file: file).compile(raw, base: { try base?() })
    }

    /// The rules a command uses: `path` when given, else `.veil.yml` in `folder` (the current
    /// folder when nil) when it exists, else the built-in rules: ``RulesFileResolver`` for an
    /// input in `folder`.
    /// - Throws: ``RuleFileError``.
    public static func resolve(configPath path: String?, folder: URL? = nil) throws -> RuleSet {
        try RulesFileResolver(configPath: path, workingDirectory: folder?.path).rules()
    }
}
