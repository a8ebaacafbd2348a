import Foundation
import VeilRedaction

/// Finding and reading rules files without trusting the tree they live in.
///
/// A `.veil.yml` found by lookup, a scenario's `rules:` and a `--config` file that lies in the
/// audited tree are read through a ``ConfinedRoot``: a pull request that makes `.veil.yml` a
/// symbolic link to `/proc/self/environ`, a FIFO or `/dev/zero` gets an error, not the
/// machine's data or a hang. A `--config` file outside the root was named by whoever runs
/// Veil and is read by name, still only when it is a regular file.
public enum RulesLookup {
    /// `.veil.yml` in `folder` (relative to `root`): its rules, or nil when there is none.
    /// - Throws: ``InputError`` when it is refused (outside the root, not a regular file),
    ///   else the rules file's own error.
    public static func defaultFile(in folder: [UInt8], root: ConfinedRoot, shown: String) throws -> RuleSet? {
        let relative = ConfinedRoot.join(folder, Array(RuleSet.defaultFileName.utf8))
        let bytes: [UInt8]
        do {
            bytes = try root.read(relative, limit: RuleFileLimits.maximumFileBytes, shown: shown)
        } catch ConfinedRoot.Failure.missing {
            return nil
        } catch let failure as ConfinedRoot.Failure {
            throw InputError(path: shown, message: failure.message)
        }
        return try RuleSet(bytes: bytes, file: shown)
    }

    /// The rules file `path` named on the command line (relative to the current folder):
    /// read inside `root` when it lies there, else by name.
    /// - Throws: ``InputError`` when it cannot be read, else the rules file's own error.
    public static func named(_ path: String, root: ConfinedRoot) throws -> RuleSet {
        let bytes = try root.readNamed(path, limit: RuleFileLimits.maximumFileBytes)
        return try RuleSet(bytes: bytes, file: path)
    }
}
