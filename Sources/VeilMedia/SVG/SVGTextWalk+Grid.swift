extension SVGTextWalk {
    /// The capture: runs placed on the grid, frame by frame.
    func capture() throws(XMLReader.Failure) -> SVGTerminalCapture {
        var texts = self.texts
        var runs = self.runs
        // A strip: its offsets, each from the first keyframe that shows it.
        var offsets: [(offset: Double, seconds: Double)] = []
        var vertical = true
        if let strip {
            vertical = strip.keyframes.contains { ($0.translation?.dy ?? 0) != 0 }
            var first: [Double: Double] = [:]
            for keyframe in strip.keyframes {
                let move = keyframe.translation ?? (0, 0)
                let offset = -(vertical ? move.dy : move.dx)
                if first[offset] == nil { first[offset] = Self.milliseconds(keyframe.percent / 100 * strip.duration) }
            }
            if first[0] == nil { first[0] = 0 }
            offsets = first.map { ($0.key, $0.value) }.sorted { $0.offset < $1.offset }
            // Text outside the strip (a window's title bar) is not on the terminal's grid.
            for run in runs where !run.inStrip { texts.append(("text outside the frames", run.text)) }
        }
        let width = cellWidth(runs)
        // Continuation runs start where the run before them on the line ends.
        var lastByLine: [Double: (x: Double, count: Int)] = [:]
        for index in runs.indices {
            if runs[index].x == nil, let last = lastByLine[runs[index].y] {
                runs[index].x = last.x + Double(last.count) * width
            }
            runs[index].x = runs[index].x ?? 0
            lastByLine[runs[index].y] = (runs[index].x!, runs[index].text.starts.count)
        }
        // Positions inside frames: a strip's runs in the frame their offset falls in.
        var frameOf: [Int] = Array(repeating: 0, count: runs.count)
        var positions: [(x: Double, y: Double)] = runs.map { ($0.x ?? 0, $0.y) }
        if let strip {
            let tolerance = (fontSize ?? 8) / 2
            for index in runs.indices where runs[index].inStrip {
                let along = vertical ? runs[index].y - strip.y : positions[index].x - strip.x
                var frame = 0
                for (position, item) in offsets.enumerated() where item.offset <= along + tolerance { frame = position }
                frameOf[index] = frame
                let offset = offsets[frame].offset
                positions[index] =
                    vertical
                    ? (positions[index].x - strip.x, along - offset) : (along - offset, runs[index].y - strip.y)
            }
        }
        let placed = runs.indices.filter { strip == nil || runs[$0].inStrip }
        let height = cellHeight(placed.map { (frameOf[$0], positions[$0].y) })
        let minY = placed.map { positions[$0].y }.min() ?? 0
        let originY = minY - (minY / height).rounded(.down) * height
        func onGrid(_ value: Double) -> Bool { abs(value - value.rounded()) < 0.2 }
        let fits = placed.filter { onGrid(positions[$0].x / width) && onGrid((positions[$0].y - originY) / height) }
        let rowsSeen = Set(placed.map { ((positions[$0].y - originY) / height).rounded() }).count
        let isTerminal =
            !placed.isEmpty
            && (strip != nil || !layers.isEmpty
                || (fits.count * 10 >= placed.count * 9 && (monospaceHint || rowsSeen >= 3 || geometry != nil)))
        guard isTerminal else {
            texts.append(contentsOf: placed.map { ("text", runs[$0].text) })
            return SVGTerminalCapture(
                structure: .notTerminal, cols: 0, rows: 0, frames: [], texts: texts, notes: notes, document: document)
        }
        func cell(_ index: Int) -> (row: Int, col: Int) {
            (
                max(0, Int(((positions[index].y - originY) / height).rounded())),
                max(0, Int((positions[index].x / width).rounded()))
            )
        }
        var cols = 1
        var rows = 1
        for index in placed {
            let (row, col) = cell(index)
            cols = max(cols, col + runs[index].text.starts.count)
            rows = max(rows, row + 1)
        }
        if let geometry { (cols, rows) = (max(1, geometry.cols), max(1, geometry.rows)) }
        let limit = SVGTerminalCapture.maximumCells
        guard cols <= limit, rows <= limit else {
            throw XMLReader.Failure(
                line: 1, column: 1,
                message: "its text spans \(cols)×\(rows) cells; the largest screen is \(limit)×\(limit)")
        }
        func piece(_ index: Int) -> SVGTerminalCapture.Item {
            let (row, col) = cell(index)
            return .text(SVGTerminalCapture.Piece(row: row, col: col, text: runs[index].text))
        }
        var frames: [SVGTerminalCapture.Frame] = []
        if strip != nil {
            frames = offsets.map { SVGTerminalCapture.Frame(seconds: $0.seconds, items: []) }
            for index in placed { frames[frameOf[index]].items.append(piece(index)) }
        } else {
            // Still, or layers: a frame at each time a layer shows or goes.
            var times: Set<Double> = [0]
            for intervals in layers {
                for interval in intervals {
                    times.insert(interval.lowerBound)
                    if interval.upperBound.isFinite { times.insert(interval.upperBound) }
                }
            }
            for time in times.sorted() where time == 0 || time < max(duration, 1e-9) || layers.isEmpty {
                var items: [SVGTerminalCapture.Item] = []
                func shown(_ layer: Int?) -> Bool {
                    guard let layer else { return true }
                    return layers[layer].contains { $0.contains(time) }
                }
                for drawable in drawables {
                    switch drawable {
                    case .run(let index):
                        if shown(runs[index].layer) { items.append(piece(index)) }
                    case .rect(let y, let rectHeight, let layer):
                        // A layer's rectangle paints over the rows whose text line it spans.
                        guard layer != nil, shown(layer) else { continue }
                        guard let rectHeight else {
                            items.append(.clear(rows: 0..<rows))
                            continue
                        }
                        let top = max(0, Int(((y - originY) / height).rounded(.up)))
                        let bottom = min(rows, Int(((y + rectHeight - originY) / height).rounded(.up)))
                        if top < bottom { items.append(.clear(rows: top..<bottom)) }
                    }
                }
                frames.append(SVGTerminalCapture.Frame(seconds: time, items: items))
            }
        }
        return SVGTerminalCapture(
            structure: strip != nil ? .animated : layers.isEmpty ? .still : .layered, cols: cols, rows: rows,
            frames: frames, texts: texts, notes: notes, document: document)
    }

    /// Seconds rounded to the millisecond (keyframe percentages are rounded when written).
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// Whether the document names a monospaced font.
    var monospaceHint: Bool {
        let names = ["mono", "courier", "consolas", "menlo", "monaco", "fixed"]
        for element in document.elements {
            for attribute in element.attributes where attribute.name == "font-family" || attribute.name == "style" {
                let value = attribute.value.text.lowercased()
                if names.contains(where: value.contains) { return true }
            }
        }
        return style.rules.contains { rule in
            rule.declarations["font-family"].map { family in names.contains { family.lowercased().contains($0) } }
                ?? false
        }
    }

    /// The width of a cell: `textLength` per character where given (termtosvg), else from
    /// the font size (0.6 em, svg-term's advance and most monospaced fonts'), else from runs
    /// that follow each other on a line.
    func cellWidth(_ runs: [Run]) -> Double {
        var estimates = runs.compactMap { run -> Double? in
            guard let length = run.textLength, !run.text.starts.isEmpty else { return nil }
            return length / Double(run.text.starts.count)
        }
        if estimates.isEmpty, let fontSize { return fontSize * 0.6 }
        if estimates.isEmpty {
            for line in Dictionary(grouping: runs.filter { $0.x != nil }, by: \.y).values {
                let sorted = line.sorted { $0.x! < $1.x! }
                for (left, right) in zip(sorted, sorted.dropFirst()) where !left.text.starts.isEmpty {
                    let estimate = (right.x! - left.x!) / Double(left.text.starts.count)
                    if estimate > 0 { estimates.append(estimate) }
                }
            }
        }
        guard !estimates.isEmpty else { return 1 }
        return estimates.sorted()[estimates.count / 2]
    }

    /// The height of a row: the smallest step between lines of a frame.
    func cellHeight(_ positions: [(frame: Int, y: Double)]) -> Double {
        var smallest = Double.infinity
        for (_, items) in Dictionary(grouping: positions, by: \.frame) {
            let ys = Set(items.map { ($0.y * 100).rounded() / 100 }).sorted()
            for (upper, lower) in zip(ys, ys.dropFirst()) where lower - upper > 0.5 {
                smallest = min(smallest, lower - upper)
            }
        }
        if smallest.isFinite { return smallest }
        return (fontSize ?? 14) * 1.2
    }
}
