import Foundation

/// The walk over an SVG document that places its text (see ``SVGTerminalCapture``).
struct SVGTextWalk {
    let document: XMLDocument
    let style: SVGStyle
    /// Element indices by `id`.
    var ids: [String: Int] = [:]

    /// A run of text at a position; `x` nil continues the previous run on its line.
    struct Run {
        var x: Double?
        var y: Double
        var text: XMLDocument.Text
        var textLength: Double?
        var inStrip: Bool
        var layer: Int?
    }

    /// What is drawn, in document order: text runs and the rectangles that paint over rows.
    enum Drawable {
        case run(Int)
        /// A rectangle from `y`, `height` high (nil: the whole height), in a layer.
        case rect(y: Double, height: Double?, layer: Int?)
    }

    var runs: [Run] = []
    var drawables: [Drawable] = []
    /// For each layer, the times it is shown: half-open intervals in seconds.
    var layers: [[Range<Double>]] = []
    var duration = 0.0
    var texts: [(label: String, text: XMLDocument.Text)] = []
    var notes: [String] = []
    var fontSize: Double?
    /// The element the strip animation moves, its origin and keyframes.
    var strip: (x: Double, y: Double, keyframes: [SVGStyle.Keyframe], duration: Double)?
    var expanded = 0
    /// termtosvg's `<termtosvg:screen_geometry columns rows>`, if present.
    var geometry: (cols: Int, rows: Int)?
    /// The `<text>` elements drawn (the others' text is in ``texts``, as not drawn).
    var drawn: Set<Int> = []

    init(document: XMLDocument) {
        self.document = document
        var css = ""
        for (index, element) in document.elements.enumerated() {
            if let id = element[attribute: "id"], ids[id] == nil { ids[id] = index }
            if element.localName == "style" { css += document.textContent(of: index) + "\n" }
        }
        style = SVGStyle(css: css)
        if let size = css.range(of: "font-size:").map({ css[$0.upperBound...] }) {
            fontSize = Double(size.drop { $0 == " " }.prefix { $0.isNumber || $0 == "." })
        }
        if fontSize == nil, let size = document.elements.lazy.compactMap({ $0[attribute: "font-size"] }).first {
            fontSize = Double(size.prefix { $0.isNumber || $0 == "." })
        }
    }

    mutating func run() throws(XMLReader.Failure) {
        for comment in document.outerComments { texts.append(("comment", comment)) }
        for element in document.elements where element.localName == "screen_geometry" {
            if let cols = number(element, "columns"), let rows = number(element, "rows") {
                geometry = (Int(cols), Int(rows))
            }
        }
        try walk(0, x: 0, y: 0, inStrip: false, layer: nil, depth: 0, using: [])
        for (index, element) in document.elements.enumerated()
        where element.localName == "text" && !drawn.contains(index) {
            texts.append(contentsOf: allText(index).map { ("text not drawn", $0) })
        }
    }

    /// The first number of a coordinate attribute (`x="1 2 3"` → 1).
    func number(_ element: XMLDocument.Element, _ name: String) -> Double? {
        guard let value = element[attribute: name] else { return nil }
        let first = value.split(whereSeparator: { $0 == " " || $0 == "," }).first.map(String.init) ?? value
        return Double(first.replacingOccurrences(of: "px", with: ""))
    }

    func declarations(_ element: XMLDocument.Element) -> [String: String] {
        style.declarations(
            tag: element.localName, id: element[attribute: "id"],
            classes: (element[attribute: "class"] ?? "").split(separator: " "), style: element[attribute: "style"])
    }

    /// The times a layer animated by `keyframes` is shown, from its state without the
    /// animation (`hidden`) and each keyframe's (steps: a keyframe's state holds until the next).
    static func intervals(keyframes: [SVGStyle.Keyframe], hidden: Bool, duration: Double) -> [Range<Double>] {
        var states: [(time: Double, visible: Bool)] = []
        var visible = !hidden
        if keyframes.first.map({ $0.percent > 0 }) ?? true { states.append((0, visible)) }
        for keyframe in keyframes {
            visible = SVGStyle.hidden(keyframe.declarations).map { !$0 } ?? visible
            states.append((milliseconds(keyframe.percent / 100 * duration), visible))
        }
        var result: [Range<Double>] = []
        for (index, state) in states.enumerated() where state.visible {
            let end = index + 1 < states.count ? states[index + 1].time : .infinity
            if end > state.time { result.append(state.time..<end) }
        }
        return result
    }

    mutating func walk(
        _ index: Int, x: Double, y: Double, inStrip: Bool, layer: Int?, depth: Int, using: Set<Int>
    ) throws(XMLReader.Failure) {
        let element = document.elements[index]
        guard depth < 64 else { throw failure(element, "text nested or referenced deeper than 64 levels") }
        var x = x
        var y = y
        var inStrip = inStrip
        var layer = layer
        let name = element.localName
        switch name {
        case "title", "desc", "metadata":
            texts.append(contentsOf: allText(index).map { (String(name), $0) })
            return
        case "style":
            return
        case "script":
            texts.append(contentsOf: allText(index).map { ("script", $0) })
            return
        case "defs", "symbol", "clipPath", "mask", "pattern", "marker", "linearGradient", "radialGradient", "filter":
            collectComments(index)  // drawn only through <use>
            return
        default:
            break
        }
        if name == "svg" && depth > 0 || name == "use" {
            x += number(element, "x") ?? 0
            y += number(element, "y") ?? 0
        }
        if let transform = element[attribute: "transform"] {
            let (dx, dy) = SVGStyle.translation(transform)
            x += dx
            y += dy
        }
        let declared = declarations(element)
        if let animation = style.animation(declared) {
            let moves = animation.keyframes.contains { $0.translation.map { $0.dx != 0 || $0.dy != 0 } ?? false }
            let toggles = animation.keyframes.contains { SVGStyle.hidden($0.declarations) != nil }
            let duration = animation.duration ?? style.durationVariable ?? 0
            if moves && strip == nil && !inStrip {
                strip = (x, y, animation.keyframes, duration)
                inStrip = true
            } else if toggles {
                var base = declared
                base["animation"] = nil
                base["animation-name"] = nil
                layers.append(
                    Self.intervals(
                        keyframes: animation.keyframes, hidden: SVGStyle.hidden(base) ?? false, duration: duration))
                self.duration = max(self.duration, duration)
                layer = layers.count - 1
            }
        } else if SVGStyle.hidden(declared) == true {
            texts.append(contentsOf: allText(index).map { ("text not drawn", $0) })
            return
        }
        for child in element.children {
            if case .comment(let text) = child { texts.append(("comment", text)) }
        }
        switch name {
        case "use":
            let reference = element[attribute: "href"] ?? element[attribute: "xlink:href"] ?? ""
            guard reference.hasPrefix("#") else {
                if !reference.isEmpty {
                    notes.append("a <use> of \(Self.shown(reference)), outside the file, was not followed")
                }
                return
            }
            guard let target = ids[String(reference.dropFirst())], !using.contains(target) else { return }
            expanded += 1
            guard expanded <= SVGTerminalCapture.maximumPieces else {
                throw failure(element, "more than \(SVGTerminalCapture.maximumPieces) references to expand")
            }
            let targetElement = document.elements[target]
            let children: [Int] =
                targetElement.localName == "symbol"
                ? targetElement.children.compactMap { if case .element(let child) = $0 { child } else { nil } }
                : [target]
            for child in children {
                try walk(
                    child, x: x, y: y, inStrip: inStrip, layer: layer, depth: depth + 1, using: using.union([target]))
            }
        case "text":
            try text(index, x: x, y: y, inStrip: inStrip, layer: layer)
        case "rect":
            let heightText = element[attribute: "height"] ?? ""
            let height = heightText.hasSuffix("%") ? nil : number(element, "height")
            drawables.append(.rect(y: y + (number(element, "y") ?? 0), height: height, layer: layer))
        case "image":
            if let reference = element[attribute: "href"] ?? element[attribute: "xlink:href"], !reference.isEmpty {
                notes.append(
                    reference.hasPrefix("data:")
                        ? "an <image> embedded in the file was not read (images inside an SVG are not read by OCR)"
                        : "an <image> of \(Self.shown(reference)), outside the file, was not read")
            }
        case "foreignObject":
            texts.append(contentsOf: allText(index).map { ("text", $0) })
        default:
            for case .element(let child) in element.children {
                try walk(child, x: x, y: y, inStrip: inStrip, layer: layer, depth: depth + 1, using: using)
            }
        }
    }

    /// A reference as a note shows it: at most 80 characters, controls left out.
    static func shown(_ reference: String) -> String {
        String(reference.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(80).map(Character.init))
    }

    mutating func collectComments(_ index: Int) {
        for child in document.elements[index].children {
            switch child {
            case .comment(let text): texts.append(("comment", text))
            case .element(let inner): collectComments(inner)
            case .text: break
            }
        }
    }

    /// Every text run under an element.
    func allText(_ index: Int) -> [XMLDocument.Text] {
        var result: [XMLDocument.Text] = []
        for child in document.elements[index].children {
            switch child {
            case .text(let text): result.append(text)
            case .element(let inner): result += allText(inner)
            case .comment: break
            }
        }
        return result
    }

    /// A `<text>` element: its runs, each `<tspan>` with its own position starting a new one.
    mutating func text(_ index: Int, x: Double, y: Double, inStrip: Bool, layer: Int?) throws(XMLReader.Failure) {
        let element = document.elements[index]
        drawn.insert(index)
        let baseX = x + (number(element, "x") ?? 0)
        let baseY = y + (number(element, "y") ?? 0)
        var first = true
        func add(_ text: XMLDocument.Text, x: Double?, y: Double, length: Double?) {
            guard let cleaned = Self.cleaned(text) else { return }
            drawables.append(.run(runs.count))
            runs.append(Run(x: x, y: y, text: cleaned, textLength: length, inStrip: inStrip, layer: layer))
        }
        for child in element.children {
            switch child {
            case .text(let text):
                add(text, x: first ? baseX : nil, y: baseY, length: first ? number(element, "textLength") : nil)
                first = false
            case .element(let inner):
                let span = document.elements[inner]
                guard span.localName == "tspan" || span.localName == "a" else {
                    texts.append(contentsOf: allText(inner).map { ("text", $0) })
                    continue
                }
                let spanX = number(span, "x").map { x + $0 }
                let spanY = number(span, "y").map { y + $0 } ?? baseY
                for case .text(let text) in span.children {
                    add(text, x: spanX ?? (first ? baseX : nil), y: spanY, length: number(span, "textLength"))
                    first = false
                }
            case .comment(let text):
                texts.append(("comment", text))
            }
        }
        expanded += 1
        if expanded > SVGTerminalCapture.maximumPieces {
            throw failure(element, "more than \(SVGTerminalCapture.maximumPieces) pieces of text")
        }
    }

    /// Text as drawn: a run that is only layout (a line break and indentation between
    /// elements) is dropped; in a pretty-printed run, leading and trailing layout is dropped;
    /// control characters become spaces.
    static func cleaned(_ text: XMLDocument.Text) -> XMLDocument.Text? {
        let scalars = Array(text.text.unicodeScalars)
        guard !scalars.isEmpty else { return nil }
        guard scalars.contains(where: { $0.value < 0x20 }) else { return text }
        var start = 0
        var end = scalars.count
        if scalars.contains("\n") {
            while start < end, scalars[start].properties.isWhitespace { start += 1 }
            while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        }
        guard start < end else { return nil }
        var out = String.UnicodeScalarView()
        for index in start..<end { out.append(scalars[index].value < 0x20 ? " " : scalars[index]) }
        var result = text
        result.text = String(out)
        result.starts = Array(text.starts[start..<end])
        result.end = end < scalars.count ? text.starts[end] : text.end
        return result
    }

    func failure(_ element: XMLDocument.Element, _ message: String) -> XMLReader.Failure {
        let place = document.place(of: element.start)
        return XMLReader.Failure(line: place.line, column: place.column, message: message)
    }
}
