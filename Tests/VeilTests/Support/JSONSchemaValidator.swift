import Foundation

/// A JSON Schema (draft-07) validator for tests, covering what the SARIF 2.1.0 schema uses.
///
/// Supported: boolean schemas, `$ref` to JSON pointers in the same document (`#/definitions/…`;
/// siblings of `$ref` are ignored, as draft-07 says), `type` (a name or a list; `integer` is
/// any number without a fraction), `enum`, `const`, `minimum`, `maximum`,
/// `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minLength`, `maxLength`, `pattern`
/// (unanchored, ICU regex), `format` (`uri`, `uri-reference`, `date-time` checked loosely;
/// others ignored), `items` (schema or tuple), `additionalItems`, `minItems`, `maxItems`,
/// `uniqueItems`, `contains`, `properties`, `patternProperties`, `additionalProperties`
/// (boolean or schema), `required`, `minProperties`, `maxProperties`, `dependencies`,
/// `propertyNames`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`. Annotations
/// (`description`, `default`, `title`, `$schema`, `$id`) are ignored.
///
/// Every failure names the JSON pointer of the failing value (`/runs/0/results/0/level`) and
/// of the schema keyword that rejected it.
struct JSONSchemaValidator {
    struct Failure: Equatable, CustomStringConvertible {
        /// JSON pointer into the instance; `""` is the whole document.
        var instancePointer: String
        /// JSON pointer into the schema document, e.g. `#/definitions/result/properties/level/enum`.
        var schemaPointer: String
        var message: String

        var description: String { "\(instancePointer.isEmpty ? "/" : instancePointer): \(message) (\(schemaPointer))" }
    }

    let schema: JSONDocument

    init(schema: JSONDocument) { self.schema = schema }

    init(schemaText: String) throws { schema = try JSONDocument.parse(schemaText) }

    /// Failures of `instance` against the subschema at `entryPointer` (`#` or `""` is the root,
    /// `#/definitions/Root` a definition). An empty list means the document is valid.
    func validate(_ instance: JSONDocument, entryPointer: String = "#") -> [Failure] {
        let context = Context(root: schema)
        guard let entry = context.resolve(entryPointer) else {
            return [
                Failure(
                    instancePointer: "", schemaPointer: entryPointer,
                    message: "schema pointer \(entryPointer) does not resolve")
            ]
        }
        var failures: [Failure] = []
        context.check(
            instance, at: "", against: entry, schemaPath: Context.normalized(entryPointer), into: &failures, depth: 0)
        return failures
    }

    private final class Context {
        let root: JSONDocument
        var regexes: [String: NSRegularExpression] = [:]

        init(root: JSONDocument) { self.root = root }

        static func normalized(_ pointer: String) -> String { pointer.hasPrefix("#") ? pointer : "#" + pointer }

        static func escape(_ token: String) -> String {
            token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }

        func resolve(_ reference: String) -> JSONDocument? {
            guard reference.hasPrefix("#") || reference.isEmpty else { return nil }
            let pointer = String(reference.drop(while: { $0 == "#" }))
            let decoded = pointer.removingPercentEncoding ?? pointer
            return root.at(pointer: decoded)
        }

        func regex(_ pattern: String) -> NSRegularExpression? {
            if let cached = regexes[pattern] { return cached }
            let compiled = try? NSRegularExpression(pattern: pattern)
            regexes[pattern] = compiled
            return compiled
        }

        func matches(_ pattern: String, _ text: String) -> Bool? {
            guard let regex = regex(pattern) else { return nil }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }

        func isValid(_ instance: JSONDocument, against schema: JSONDocument, schemaPath: String, depth: Int) -> Bool {
            var failures: [Failure] = []
            check(instance, at: "", against: schema, schemaPath: schemaPath, into: &failures, depth: depth)
            return failures.isEmpty
        }

        // swiftlint:disable:next cyclomatic_complexity function_body_length
        func check(
            _ instance: JSONDocument, at path: String, against schema: JSONDocument, schemaPath: String,
            into failures: inout [Failure], depth: Int
        ) {
            func fail(_ keyword: String, _ message: String) {
                failures.append(
                    Failure(instancePointer: path, schemaPointer: schemaPath + "/" + keyword, message: message))
            }
            guard depth < 200 else { return fail("$ref", "schema recursion too deep") }

            if case .bool(let allowed) = schema {
                if !allowed {
                    failures.append(
                        Failure(instancePointer: path, schemaPointer: schemaPath, message: "no value is allowed here"))
                }
                return
            }
            guard case .object(_, let keywords) = schema else {
                return failures.append(
                    Failure(
                        instancePointer: path, schemaPointer: schemaPath, message: "schema is not an object or boolean")
                )
            }

            if let reference = keywords["$ref"]?.stringValue {
                guard let target = resolve(reference) else { return fail("$ref", "unresolvable $ref \(reference)") }
                return check(
                    instance, at: path, against: target, schemaPath: Self.normalized(reference), into: &failures,
                    depth: depth + 1)
            }

            if let type = keywords["type"] {
                let names = type.arrayValue?.compactMap(\.stringValue) ?? type.stringValue.map { [$0] } ?? []
                if !names.contains(where: { Self.has(instance, type: $0) }) {
                    fail("type", "expected \(names.joined(separator: " or ")), found \(instance.typeName)")
                }
            }
            if let options = keywords["enum"]?.arrayValue, !options.contains(instance) {
                fail("enum", "\(instance) is not one of \(options.map(\.description).joined(separator: ", "))")
            }
            if let constant = keywords["const"], constant != instance {
                fail("const", "\(instance) is not \(constant)")
            }

            switch instance {
            case .number(let value):
                if let minimum = keywords["minimum"]?.numberValue, value < minimum {
                    fail("minimum", "\(instance) is less than \(minimum)")
                }
                if let maximum = keywords["maximum"]?.numberValue, value > maximum {
                    fail("maximum", "\(instance) is greater than \(maximum)")
                }
                if let bound = keywords["exclusiveMinimum"]?.numberValue, value <= bound {
                    fail("exclusiveMinimum", "\(instance) is not greater than \(bound)")
                }
                if let bound = keywords["exclusiveMaximum"]?.numberValue, value >= bound {
                    fail("exclusiveMaximum", "\(instance) is not less than \(bound)")
                }
                if let divisor = keywords["multipleOf"]?.numberValue, divisor > 0,
                    (value / divisor).rounded() != value / divisor
                {
                    fail("multipleOf", "\(instance) is not a multiple of \(divisor)")
                }
            case .string(let text):
                let length = text.unicodeScalars.count
                if let minimum = keywords["minLength"]?.numberValue, Double(length) < minimum {
                    fail("minLength", "string is shorter than \(Int(minimum))")
                }
                if let maximum = keywords["maxLength"]?.numberValue, Double(length) > maximum {
                    fail("maxLength", "string is longer than \(Int(maximum))")
                }
                if let pattern = keywords["pattern"]?.stringValue {
                    switch matches(pattern, text) {
                    case .none: fail("pattern", "pattern \(pattern) does not compile")
                    case .some(false): fail("pattern", "\"\(text)\" does not match \(pattern)")
                    case .some(true): break
                    }
                }
                if let format = keywords["format"]?.stringValue, let problem = Self.formatProblem(format, text) {
                    fail("format", problem)
                }
            case .array(let items):
                if let itemSchema = keywords["items"] {
                    if case .array(let tuple) = itemSchema {
                        for (index, item) in items.enumerated() {
                            if index < tuple.count {
                                check(
                                    item, at: path + "/\(index)", against: tuple[index],
                                    schemaPath: schemaPath + "/items/\(index)", into: &failures, depth: depth + 1)
                            } else if let additional = keywords["additionalItems"] {
                                check(
                                    item, at: path + "/\(index)", against: additional,
                                    schemaPath: schemaPath + "/additionalItems", into: &failures, depth: depth + 1)
                            }
                        }
                    } else {
                        for (index, item) in items.enumerated() {
                            check(
                                item, at: path + "/\(index)", against: itemSchema, schemaPath: schemaPath + "/items",
                                into: &failures, depth: depth + 1)
                        }
                    }
                }
                if let minimum = keywords["minItems"]?.numberValue, Double(items.count) < minimum {
                    fail("minItems", "array has fewer than \(Int(minimum)) items")
                }
                if let maximum = keywords["maxItems"]?.numberValue, Double(items.count) > maximum {
                    fail("maxItems", "array has more than \(Int(maximum)) items")
                }
                if case .bool(true) = keywords["uniqueItems"] {
                    outer: for i in items.indices {
                        for j in items.indices where j > i && items[i] == items[j] {
                            fail("uniqueItems", "items \(i) and \(j) are equal")
                            break outer
                        }
                    }
                }
                if let contains = keywords["contains"],
                    !items.contains(where: {
                        isValid($0, against: contains, schemaPath: schemaPath + "/contains", depth: depth + 1)
                    })
                {
                    fail("contains", "no item matches the contains schema")
                }
            case .object(let keys, let values):
                let properties: [String: JSONDocument] =
                    if case .object(_, let p) = keywords["properties"] { p } else { [:] }
                let patternProperties: [String: JSONDocument] =
                    if case .object(_, let p) = keywords["patternProperties"] { p } else { [:] }
                for key in keys {
                    let value = values[key]!
                    let childPath = path + "/" + Self.escape(key)
                    var matched = false
                    if let propertySchema = properties[key] {
                        matched = true
                        check(
                            value, at: childPath, against: propertySchema,
                            schemaPath: schemaPath + "/properties/" + Self.escape(key), into: &failures,
                            depth: depth + 1)
                    }
                    for (pattern, patternSchema) in patternProperties.sorted(by: { $0.key < $1.key })
                    where matches(pattern, key) == true {
                        matched = true
                        check(
                            value, at: childPath, against: patternSchema,
                            schemaPath: schemaPath + "/patternProperties/" + Self.escape(pattern), into: &failures,
                            depth: depth + 1)
                    }
                    if !matched, let additional = keywords["additionalProperties"] {
                        if case .bool(false) = additional {
                            failures.append(
                                Failure(
                                    instancePointer: childPath, schemaPointer: schemaPath + "/additionalProperties",
                                    message: "property \"\(key)\" is not allowed"))
                        } else {
                            check(
                                value, at: childPath, against: additional,
                                schemaPath: schemaPath + "/additionalProperties", into: &failures, depth: depth + 1)
                        }
                    }
                    if let names = keywords["propertyNames"] {
                        check(
                            .string(key), at: childPath, against: names, schemaPath: schemaPath + "/propertyNames",
                            into: &failures, depth: depth + 1)
                    }
                }
                for case .string(let name) in keywords["required"]?.arrayValue ?? [] where values[name] == nil {
                    fail("required", "required property \"\(name)\" is missing")
                }
                if let minimum = keywords["minProperties"]?.numberValue, Double(keys.count) < minimum {
                    fail("minProperties", "object has fewer than \(Int(minimum)) properties")
                }
                if let maximum = keywords["maxProperties"]?.numberValue, Double(keys.count) > maximum {
                    fail("maxProperties", "object has more than \(Int(maximum)) properties")
                }
                if case .object(let dependencyKeys, let dependencies) = keywords["dependencies"] {
                    for key in dependencyKeys where values[key] != nil {
                        let dependency = dependencies[key]!
                        if case .array(let names) = dependency {
                            for case .string(let name) in names where values[name] == nil {
                                fail("dependencies/" + Self.escape(key), "\"\(key)\" requires property \"\(name)\"")
                            }
                        } else {
                            check(
                                instance, at: path, against: dependency,
                                schemaPath: schemaPath + "/dependencies/" + Self.escape(key), into: &failures,
                                depth: depth + 1)
                        }
                    }
                }
            case .null, .bool:
                break
            }

            if let all = keywords["allOf"]?.arrayValue {
                for (index, subschema) in all.enumerated() {
                    check(
                        instance, at: path, against: subschema, schemaPath: schemaPath + "/allOf/\(index)",
                        into: &failures, depth: depth + 1)
                }
            }
            if let any = keywords["anyOf"]?.arrayValue,
                !any.enumerated().contains(where: {
                    isValid(instance, against: $1, schemaPath: schemaPath + "/anyOf/\($0)", depth: depth + 1)
                })
            {
                fail("anyOf", "value matches none of the \(any.count) anyOf schemas")
            }
            if let one = keywords["oneOf"]?.arrayValue {
                let matching = one.enumerated().filter {
                    isValid(instance, against: $1, schemaPath: schemaPath + "/oneOf/\($0)", depth: depth + 1)
                }.count
                if matching != 1 { fail("oneOf", "value matches \(matching) of the oneOf schemas, not exactly one") }
            }
            if let negated = keywords["not"],
                isValid(instance, against: negated, schemaPath: schemaPath + "/not", depth: depth + 1)
            {
                fail("not", "value matches the schema it must not match")
            }
            if let condition = keywords["if"] {
                if isValid(instance, against: condition, schemaPath: schemaPath + "/if", depth: depth + 1) {
                    if let then = keywords["then"] {
                        check(
                            instance, at: path, against: then, schemaPath: schemaPath + "/then", into: &failures,
                            depth: depth + 1)
                    }
                } else if let otherwise = keywords["else"] {
                    check(
                        instance, at: path, against: otherwise, schemaPath: schemaPath + "/else", into: &failures,
                        depth: depth + 1)
                }
            }
        }

        static func has(_ instance: JSONDocument, type: String) -> Bool {
            switch (type, instance) {
            case ("integer", .number(let value)): value.isFinite && value.rounded() == value
            case ("number", .number): true
            default: type == instance.typeName
            }
        }

        /// A loose check of the formats SARIF uses; nil when `text` passes or the format is not checked.
        static func formatProblem(_ format: String, _ text: String) -> String? {
            func hasBadCharacters() -> Bool {
                text.unicodeScalars.contains {
                    $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
                        || "\\<>\"{}|^`".unicodeScalars.contains($0)
                }
            }
            func hasBadPercent() -> Bool {
                let scalars = Array(text.unicodeScalars)
                for (index, scalar) in scalars.enumerated() where scalar == "%" {
                    guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
                        scalars[index + 2].properties.isASCIIHexDigit
                    else { return true }
                }
                return false
            }
            switch format {
            case "uri":
                if text.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) == nil {
                    return "\"\(text)\" is not an absolute URI"
                }
                if hasBadCharacters() || hasBadPercent() { return "\"\(text)\" has characters a URI cannot hold" }
            case "uri-reference":
                if hasBadCharacters() || hasBadPercent() {
                    return "\"\(text)\" has characters a URI reference cannot hold"
                }
                if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"),
                    text.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) == nil
                {
                    return "\"\(text)\" has a colon in its first segment but no valid scheme"
                }
            case "date-time":
                let pattern = #"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"#
                if text.range(of: pattern, options: .regularExpression) == nil {
                    return "\"\(text)\" is not an RFC 3339 date-time"
                }
            default:
                break
            }
            return nil
        }
    }
}
