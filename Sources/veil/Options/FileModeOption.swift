import ArgumentParser
import Foundation
import Veil
import VeilRender

/// `--file-mode MODE`, for every command that writes files: their permission bits (0600 by
/// default: snapshots, reports and recordings are sensitive context).
struct FileModeOption: ParsableArguments {
    @Option(
        name: .customLong("file-mode"),
        help: ArgumentHelp(
            "Permissions of the files written, in octal: 600 lets only you read them, 644 everyone.",
            valueName: "mode"))
    var fileMode: FileMode = FileMode(bits: AtomicFile.defaultMode)

    /// How this command writes: the current folder and the inputs' trees untrusted
    /// (``OutputPolicy/reading(_:roots:mode:currentFolder:)``), files with ``fileMode``.
    func policy(inputs: [String], roots: [String] = []) -> OutputPolicy {
        .reading(inputs, roots: roots, mode: fileMode.bits)
    }
}

/// Permission bits given in octal (`600`, `0644`): read, write and execute for owner, group
/// and others; no set-user-ID, set-group-ID or sticky bit.
struct FileMode: ExpressibleByArgument, Equatable {
    var bits: mode_t

    init(bits: mode_t) { self.bits = bits }

    init?(argument: String) {
        guard (1...4).contains(argument.count), argument.allSatisfy({ ("0"..."7").contains($0) }),
            let value = mode_t(argument, radix: 8), value <= 0o777
        else { return nil }
        bits = value
    }

    var defaultValueDescription: String { String(bits, radix: 8) }
}
