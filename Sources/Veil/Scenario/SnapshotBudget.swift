import Foundation
import VeilScreen

/// The snapshot cells a run spent, and the last snapshot (for reuse while the screen is unchanged).
struct SnapshotBudget: Sendable {
    var cells = 0
    var exceeded = false
    /// Every screen snapshotted so far (and whether the app's cover was up), with its outcome
    /// and the file written for it. The screens are the records' own values (shared storage),
    /// bounded by ``ScenarioRunner/maximumSnapshotCells``.
    var outcomes: [Key: Made] = [:]
    var last: (key: Key, value: Made)?
    /// Whether a file was linked to an earlier one (the folder is synced once at the end).
    var linked = false

    mutating func charge(_ units: Int, limit: Int) {
        cells += max(1, units)
        if cells > limit { exceeded = true }
    }

    /// De-duplication: the snapshot of a screen equal to one snapshotted before (charged
    /// its cells divided by ``ScenarioRunner/comparedSnapshotDivisor`` for the comparison,
    /// nothing when it is the previous one unchanged), or nil for a new screen (charged its
    /// cells). `copied` says the screen was copied out of the terminal since the last
    /// snapshot (it changed, even if back to an equal screen).
    mutating func reuse(_ key: Key, cells: Int, copied: Bool, limit: Int) -> Made? {
        // The screen of the previous snapshot shares its storage when nothing changed:
        // comparing is O(1) then, while hashing visits every cell.
        if let last, last.key == key {
            if copied { charge(cells / ScenarioRunner.comparedSnapshotDivisor, limit: limit) }
            return last.value
        }
        if let earlier = outcomes[key] {
            charge(cells / ScenarioRunner.comparedSnapshotDivisor, limit: limit)
            last = (key, earlier)
            return earlier
        }
        charge(cells, limit: limit)
        return nil
    }

    /// Remembers a new snapshot, for later equal screens.
    mutating func remember(_ key: Key, _ made: Made) {
        outcomes[key] = made
        last = (key, made)
    }

    /// A snapshot made: its outcome, its file, and the screen it was made of (a later equal
    /// screen's record keeps this one, so the copies of equal screens are freed).
    struct Made: Sendable {
        var outcome: Snapshotter.Outcome
        /// The file's name in the output folder.
        var file: String?
        var screen: Screen
    }

    struct Key: Hashable, Sendable {
        var screen: Screen
        var covered: Bool
    }
}

/// A snapshot that could not be written (a read-only or full disk): the run stops, removes
/// the snapshots it wrote, and exits 2 with this one error.
public struct SnapshotWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The snapshot's id, e.g. `bank-0001`.
    public var snapshotID: String
    /// The writer's error: the path and the system's reason.
    public var reason: String
    public var description: String { "snapshot \(snapshotID) not written: \(reason)" }
}
