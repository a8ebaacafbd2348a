import VeilRedaction
import VeilScreen

/// What an exposure scan knows as it goes (``ExposureScanner``): the exposures so far, the
/// values found (hidden wherever they show again), the lines carrying each exposure's tag,
/// and the frames waiting to be judged.
struct ExposureScanState: Sendable {
    var exposures: [CaptureExposure] = []
    /// The places of each exposure so far (``ExposurePlace/key``), to list each once.
    var placeKeys: [Set<ExposurePlace.Key>] = []
    var known: [String: Int] = [:]
    var offsets = SensitiveOffsets()
    /// The exposure last found by each rule starting at an input offset or at a screen cell:
    /// a longer value found there later is the same value, typed on (``grown(_:offset:cell:)``).
    var starts: [StartKey: Int] = [:]
    /// The exposures found on the lines that carry each tag (until the lines leave).
    var tags: [Int32: [Int]] = [:]
    /// Whether nearly every frame of the last window showed a finding (a flood): the next
    /// window skips the pass that looks for the frames to judge, and judges each alone
    /// (the same report: that pass only saves judging frames that show nothing).
    var findingsInMostFrames = false
    /// The frames counted, and those of them that showed a finding, since
    /// ``findingsInMostFrames`` was last decided.
    private var tally = (frames: 0, showing: 0)
    /// Values found so far: hidden wherever they show again in a later frame.
    var values = KnownValues()
    /// The most recent output events' first stream offsets and file lines (a value's
    /// first byte is in one of them).
    var recent: [(offset: Int, position: FilePosition)] = []
    static let recentLimit = 4096

    /// Counts the frames of a window and how many of them showed a finding; once at least 8
    /// are counted (over as many windows as that takes: a window of wide rows holds only a
    /// few frames), decides ``findingsInMostFrames`` from them: nine in ten or more.
    mutating func tallyFrames(_ frames: Int, showing: Int) {
        tally.frames += frames
        tally.showing += showing
        guard tally.frames >= 8 else { return }
        findingsInMostFrames = tally.showing * 10 >= tally.frames * 9
        tally = (0, 0)
    }

    /// The exposure that `finding` (not seen before) grows, when an earlier finding of the
    /// same rule started at the same input offset (a value typed key by key) or the same
    /// screen cell (a line redrawn at each key) and its value is a prefix of this one's.
    func grown(_ finding: Finding, offset: Int?, cell: CellSpan?) -> Int? {
        for key in Self.startKeys(finding.ruleID, offset: offset, cell: cell) {
            if let index = starts[key], finding.extends(exposures[index].finding) { return index }
        }
        return nil
    }

    /// Exposure `index` grew into a longer value at `place`: the place of the shorter value
    /// that starts where it does (the same first byte, or the same first cell) takes the
    /// longer value's cells, keeping when it was first seen; else `place` is another place.
    mutating func regrow(_ index: Int, to place: ExposurePlace) {
        func sameStart(_ other: ExposurePlace) -> Bool {
            if let offset = place.offset, other.offset == offset { return true }
            guard let first = place.spans.first, let otherFirst = other.spans.first else { return false }
            return first.row == otherFirst.row && first.col == otherFirst.col
        }
        guard let at = exposures[index].places.lastIndex(where: sameStart) else {
            exposures[index].add(place, keys: &placeKeys[index])
            return
        }
        placeKeys[index].remove(exposures[index].places[at].key)
        exposures[index].places[at].spans = place.spans
        placeKeys[index].insert(exposures[index].places[at].key)
    }

    /// Remembers that exposure `index` starts at `offset` and `cell`.
    mutating func noteStart(_ index: Int, rule: String, offset: Int?, cell: CellSpan?) {
        for key in Self.startKeys(rule, offset: offset, cell: cell) { starts[key] = index }
    }

    /// Where an exposure of a rule started: at an input offset, or at a screen cell.
    enum StartKey: Hashable {
        case offset(rule: String, Int)
        case cell(rule: String, row: Int, col: Int)
    }

    private static func startKeys(_ rule: String, offset: Int?, cell: CellSpan?) -> [StartKey] {
        var keys: [StartKey] = []
        if let offset { keys.append(.offset(rule: rule, offset)) }
        if let cell { keys.append(.cell(rule: rule, row: cell.row, col: cell.col)) }
        return keys
    }

    mutating func noteOutput(at offset: Int, position: FilePosition?) {
        guard let position else { return }
        if recent.count >= Self.recentLimit { recent.removeFirst(Self.recentLimit / 2) }
        recent.append((offset, position))
    }

    /// The file line of the output event that carried stream offset `offset`, and the
    /// index of that byte in the event's data.
    func event(ofOffset offset: Int) -> (position: FilePosition, index: Int)? {
        recent.last(where: { $0.offset <= offset }).map { ($0.position, offset - $0.offset) }
    }

    /// Reads the lines of the events that drew exposures again (those lines only, at their
    /// offsets in the file) for the column of each value's first byte.
    mutating func resolveColumns(in input: CaptureInput) {
        // By index: an exposure is a large value, and a loop variable would copy each.
        var wanted = Set<FilePosition>()
        for index in exposures.indices {
            if exposures[index].firstDataIndex != nil, let line = exposures[index].firstDataLine { wanted.insert(line) }
            for place in exposures[index].places where place.dataIndex != nil {
                if let line = place.dataLine { wanted.insert(line) }
            }
        }
        guard !wanted.isEmpty else { return }
        let lines = input.recordingLines(at: wanted)
        func column(_ line: Int?, _ dataIndex: Int?) -> Int? {
            guard let line, let dataIndex, var text = lines[line] else { return nil }
            if text.last == 0x0D { text.removeLast() }
            return text.withUnsafeBufferPointer { AsciicastEventLine.column(ofDataByte: dataIndex, in: $0) }
        }
        for index in exposures.indices {
            if let resolved = column(exposures[index].firstLine, exposures[index].firstDataIndex) {
                exposures[index].firstColumn = resolved
            }
            for place in exposures[index].places.indices {
                let found = exposures[index].places[place]
                if let resolved = column(found.line, found.dataIndex) {
                    exposures[index].places[place].column = resolved
                }
            }
        }
    }

    /// The steps of the frames copied and not yet judged (a group's ``ExposureBatch/Group/frame``
    /// indexes it).
    var frames: [CaptureStep] = []
    /// Tags that left while their lines waited to be judged, with when they left.
    var waiting: [Int32: Double?] = [:]

    mutating func depart(_ departed: ArraySlice<Int32>, at time: Double?) {
        for tag in departed {
            guard let indices = tags.removeValue(forKey: tag) else {
                waiting[tag] = time
                continue
            }
            for index in indices { exposures[index].lastSeen = max(exposures[index].lastSeen ?? 0, time ?? 0) }
        }
    }
}
