import Foundation

/// The CSS of an SVG document, as far as terminal recorders use it to play frames: rules
/// (simple selectors and their declarations) and `@keyframes`. A strip of frames moved under
/// a window by keyframes of `transform: translateX/Y(…)` (termtosvg, svg-term), or layers
/// shown in turn by keyframes of `visibility`, `opacity` or `display` (Veil's own SVGs).
/// Nothing else of CSS is interpreted.
public struct SVGStyle: Sendable {
    /// One keyframe: from `percent` of the duration on, these declarations hold.
    public struct Keyframe: Sendable, Hashable {
        public var percent: Double
        public var declarations: [String: String]

        /// The (x, y) translation of its `transform`, if it has one.
        public var translation: (dx: Double, dy: Double)? {
            declarations["transform"].map(SVGStyle.translation)
        }
    }

    /// `@keyframes` by name, each sorted by percent.
    public var keyframes: [String: [Keyframe]] = [:]
    /// Rules in order: selector (one simple selector, `#id`, `.class`, `tag`, `tag.class`) and
    /// declarations (names lowercased).
    public var rules: [(selector: String, declarations: [String: String])] = []

    /// The CSS of every `<style>` element's text.
    public init(css: String) {
        parse(Self.withoutComments(css))
    }

    private mutating func parse(_ text: String) {
        var index = text.startIndex
        while index < text.endIndex {
            guard let open = text[index...].firstIndex(of: "{") else { break }
            let prelude = text[index..<open].trimmingCharacters(in: .whitespacesAndNewlines)
            guard let close = Self.matchingBrace(in: text, from: open) else { break }
            let body = text[text.index(after: open)..<close]
            if prelude.hasPrefix("@keyframes") || prelude.hasPrefix("@-webkit-keyframes") {
                let name = prelude.split(separator: " ").dropFirst().joined(separator: " ")
                keyframes[name] = Self.keyframes(in: body)
            } else if prelude.hasPrefix("@") {
                parse(String(body))  // @media and the like: the rules inside
            } else {
                let declarations = Self.declarations(body)
                for selector in prelude.split(separator: ",") {
                    rules.append((selector.trimmingCharacters(in: .whitespacesAndNewlines), declarations))
                }
            }
            index = text.index(after: close)
        }
    }

    /// The declarations that apply to an element (rules matching its tag, id or classes, in
    /// order, then its `style` attribute).
    public func declarations(tag: Substring, id: String?, classes: [Substring], style: String?) -> [String: String] {
        var result: [String: String] = [:]
        for rule in rules where Self.matches(rule.selector, tag: tag, id: id, classes: classes) {
            result.merge(rule.declarations) { $1 }
        }
        if let style { result.merge(Self.declarations(style[...])) { $1 } }
        return result
    }

    /// Whether a selector's last compound (`#screen_view`, `.f`, `g.f`, `text`) matches.
    static func matches(_ selector: String, tag: Substring, id: String?, classes: [Substring]) -> Bool {
        guard let last = selector.split(whereSeparator: { $0 == " " || $0 == ">" }).last else { return false }
        var rest = last[...]
        let tagPart = rest.prefix { $0 != "." && $0 != "#" }
        if !tagPart.isEmpty && tagPart != "*" && tagPart != tag { return false }
        rest = rest.dropFirst(tagPart.count)
        guard !rest.isEmpty || !tagPart.isEmpty else { return false }
        while let first = rest.first {
            let name = rest.dropFirst().prefix { $0 != "." && $0 != "#" && $0 != ":" }
            if first == "#" {
                guard id.map({ $0[...] == name }) == true else { return false }
            } else if first == "." {
                guard classes.contains(name) else { return false }
            } else {
                return false  // pseudo-classes and attributes: not matched
            }
            rest = rest.dropFirst(1 + name.count)
        }
        return true
    }

    /// The animation the declarations name, with its duration in seconds.
    public func animation(_ declarations: [String: String]) -> (name: String, keyframes: [Keyframe], duration: Double?)?
    {
        let name =
            declarations["animation-name"]?.trimmingCharacters(in: .whitespaces)
            ?? declarations["animation"].flatMap(Self.shorthandName)
        guard let name, let frames = keyframes[name], !frames.isEmpty else { return nil }
        let duration =
            declarations["animation-duration"].flatMap(Self.seconds)
            ?? declarations["animation"].flatMap(Self.shorthandDuration)
        return (name, frames, duration)
    }

    /// Whether declarations make an element invisible (`visibility: hidden`, `opacity: 0`,
    /// `display: none`); nil when they say nothing about it.
    public static func hidden(_ declarations: [String: String]) -> Bool? {
        if let display = declarations["display"] { return display.trimmingCharacters(in: .whitespaces) == "none" }
        if let visibility = declarations["visibility"] {
            return visibility.trimmingCharacters(in: .whitespaces) != "visible"
        }
        if let opacity = declarations["opacity"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) {
            return opacity <= 0
        }
        return nil
    }

    /// A custom property `--animation-duration` (termtosvg sets it on `:root`).
    public var durationVariable: Double? {
        rules.lazy.compactMap { $0.declarations["--animation-duration"].flatMap(Self.seconds) }.first
    }

    static func shorthandName(_ shorthand: String) -> String? {
        let keywords: Set<String> = [
            "infinite", "linear", "ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end", "forwards",
            "backwards", "both", "none", "normal", "reverse", "alternate", "alternate-reverse", "running", "paused",
        ]
        var depth = 0
        for word in shorthand.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let text = String(word)
            depth += text.filter { $0 == "(" }.count
            defer { depth -= text.filter { $0 == ")" }.count }
            if depth > 0 || text.contains(")") || keywords.contains(text) || seconds(text) != nil || Double(text) != nil
            {
                continue
            }
            return text
        }
        return nil
    }

    static func shorthandDuration(_ shorthand: String) -> Double? {
        shorthand.split(separator: " ").lazy.compactMap { seconds(String($0)) }.first
    }

    /// `2500ms`, `2.5s` in seconds.
    static func seconds(_ value: String) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("ms"), let number = Double(text.dropLast(2)) { return number / 1000 }
        if text.hasSuffix("s"), let number = Double(text.dropLast()) { return number }
        return nil
    }

    /// `name: value;` pairs (names lowercased).
    static func declarations(_ body: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for item in body.split(separator: ";") {
            guard let colon = item.firstIndex(of: ":") else { continue }
            let name = item[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            let value = item[item.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            result[name] = value
        }
        return result
    }

    /// The keyframes of a `@keyframes` body, sorted (`from` is 0 %, `to` 100 %).
    static func keyframes(in body: Substring) -> [Keyframe] {
        var result: [Keyframe] = []
        var index = body.startIndex
        while index < body.endIndex, let open = body[index...].firstIndex(of: "{"),
            let close = body[open...].firstIndex(of: "}")
        {
            let declarations = Self.declarations(body[body.index(after: open)..<close])
            for selector in body[index..<open].split(separator: ",") {
                let text = selector.trimmingCharacters(in: .whitespacesAndNewlines)
                let percent: Double? =
                    text == "from" ? 0 : text == "to" ? 100 : text.hasSuffix("%") ? Double(text.dropLast()) : nil
                if let percent { result.append(Keyframe(percent: percent, declarations: declarations)) }
            }
            index = body.index(after: close)
        }
        return result.sorted { $0.percent < $1.percent }
    }

    /// The (x, y) of `translateX(a)`, `translateY(b)`, `translate(a, b)` in a transform.
    public static func translation(_ transform: String) -> (dx: Double, dy: Double) {
        var dx = 0.0
        var dy = 0.0
        var rest = transform[...]
        while let open = rest.firstIndex(of: "(") {
            let name = rest[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " ,")).lowercased()
            guard let close = rest[open...].firstIndex(of: ")") else { break }
            let values = rest[rest.index(after: open)..<close].split(whereSeparator: { $0 == "," || $0 == " " })
                .compactMap { Double($0.replacingOccurrences(of: "px", with: "")) }
            switch name {
            case "translatex": dx += values.first ?? 0
            case "translatey": dy += values.first ?? 0
            case "translate":
                dx += values.first ?? 0
                dy += values.count > 1 ? values[1] : 0
            default: break
            }
            rest = rest[rest.index(after: close)...]
        }
        return (dx, dy)
    }

    static func matchingBrace(in text: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    static func withoutComments(_ css: String) -> String {
        var result = ""
        var rest = css[...]
        while let start = rest.range(of: "/*") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return result }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }
}
