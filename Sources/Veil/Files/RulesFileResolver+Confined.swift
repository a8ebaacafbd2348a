import Foundation
import VeilRedaction

extension RulesFileResolver {
    /// A resolver that reads rules files without trusting the tree they live in.
    ///
    /// A file under `root` (by default the working directory) is read inside it through
    /// ``ConfinedRoot``: a `.veil.yml` or `--config` file of the audited tree that is a
    /// symbolic link out of it, a FIFO or a device is an error (exit 2), never followed or
    /// waited on. A file elsewhere was named by whoever runs Veil (`--config`, or the folder of
    /// an input given outside the working directory) and is read by name, still only when it
    /// is a regular file.
    public static func confined(
        configPath: String?, workingDirectory: String? = nil, root: ConfinedRoot? = nil
    ) -> RulesFileResolver {
        let folder = workingDirectory ?? FileManager.default.currentDirectoryPath
        let root = root ?? ConfinedRoot(path: folder)
        return RulesFileResolver(configPath: configPath, workingDirectory: folder) { path, shown, source in
            do {
                return try root.readNamed(path, limit: RuleFileLimits.maximumFileBytes, shown: shown)
            } catch ConfinedRoot.Failure.missing {
                if case .nearest = source { return nil }
                throw InputError(path: shown, message: ConfinedRoot.Failure.missing.message)
            } catch let failure as ConfinedRoot.Failure {
                throw InputError(path: shown, message: failure.message)
            }
        }
    }
}
