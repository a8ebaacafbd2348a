extension AuditOptions {
    /// The environment variable the command line reads ``fingerprintSalt`` from.
    public static let fingerprintSaltVariable = "VEIL_FINGERPRINT_SALT"

    /// A contradiction in ``AuditOptions``: the option at fault and what is wrong with it,
    /// e.g. "--update-baseline" "needs --baseline FILE".
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The option or variable at fault.
        public var option: String
        /// What is wrong, as a predicate of ``option``.
        public var problem: String

        /// `--update-baseline needs --baseline FILE`.
        public var description: String { "\(option) \(problem)" }

        /// The problem as a configuration error of a report.
        var inputError: InputError { InputError(path: option, message: problem) }
    }

    /// Every problem with these options, in a fixed order; empty when they can be used. The
    /// one place audit options are checked: `veil audit` refuses to start on the first
    /// (exit 2), and ``AuditEngine/run(progress:)`` reports them all as configuration errors.
    public var problems: [Problem] {
        var problems: [Problem] = []
        if updateBaseline && baselinePath == nil {
            problems.append(Problem(option: "--update-baseline", problem: "needs --baseline FILE"))
        }
        if updateBaseline && shard != nil {
            problems.append(
                Problem(
                    option: "--update-baseline",
                    problem: "cannot be combined with --shard (the baseline would lose the other shards' entries)"))
        }
        if review && baselinePath == nil {
            problems.append(Problem(option: "--review", problem: "needs --baseline FILE (the file it writes)"))
        }
        if review && updateBaseline {
            problems.append(Problem(option: "--review", problem: "cannot be combined with --update-baseline"))
        }
        // Never echo the value: it is a secret.
        if let secret = fingerprintSalt, secret.count < Self.minimumFingerprintSaltBytes {
            problems.append(
                Problem(
                    option: Self.fingerprintSaltVariable,
                    problem:
                        "is shorter than \(Self.minimumFingerprintSaltBytes) bytes; set it to a long random secret "
                        + "(e.g. 32 random bytes in hex) or unset it"))
        }
        return problems
    }
}
