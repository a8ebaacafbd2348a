#if canImport(Glibc)
    import Glibc
#endif

/// Finds the file a command name runs, as a shell does: a name with a `/` is a path; any
/// other is looked up in each folder of `PATH` for an executable regular file. Done before
/// the fork, so a missing command is an error naming it, and the child needs no search.
enum CommandPath {
    /// The file to execute for `name`, or nil when there is none. `path` is the `PATH`
    /// value (the default search path of glibc when unset).
    static func resolve(_ name: String, path: String?) -> String? {
        guard !name.isEmpty, !name.utf8.contains(0) else { return nil }
        // A path that exists is run as it is: exec says why when it cannot be (not executable).
        if name.contains("/") { return access(name, F_OK) == 0 ? name : nil }
        let folders = (path ?? "/bin:/usr/bin").split(separator: ":", omittingEmptySubsequences: false)
        for folder in folders {
            // An empty entry is the current folder, as POSIX says.
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// Whether `path` is a regular file this process may execute.
    static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
