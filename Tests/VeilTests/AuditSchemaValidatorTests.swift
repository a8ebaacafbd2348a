import Foundation
import Testing

/// The test-only JSON Schema validator, checked on small schemas before it checks SARIF.
@Suite struct AuditSchemaValidatorTests {
    static func failures(_ schema: String, _ instance: String, entry: String = "#") throws -> [JSONSchemaValidator
        .Failure]
    {
        try JSONSchemaValidator(schemaText: schema).validate(try JSONDocument.parse(instance), entryPointer: entry)
    }

    static let person = """
        {
          "definitions": {
            "level": {"enum": ["none", "note", "warning", "error"]},
            "tag": {"type": "string", "pattern": "^[a-z]+$"}
          },
          "type": "object",
          "additionalProperties": false,
          "required": ["name", "age"],
          "properties": {
            "name": {"type": "string", "minLength": 1},
            "age": {"type": "integer", "minimum": 0},
            "level": {"$ref": "#/definitions/level"},
            "tags": {"type": "array", "minItems": 1, "uniqueItems": true, "items": {"$ref": "#/definitions/tag"}},
            "home": {"type": "string", "format": "uri"},
            "link": {"type": "string", "format": "uri-reference"},
            "extra": {"type": "object", "additionalProperties": {"type": "string"}},
            "nick": {"type": ["string", "null"]}
          }
        }
        """

    @Test func acceptsAValidDocument() throws {
        let document =
            #"{"name": "Ada", "age": 36, "level": "note", "tags": ["a", "b"], "home": "https://example.com/x", "link": "Scenarios/%E6%94%AF.yml", "extra": {"k": "v"}, "nick": null}"#
        #expect(try Self.failures(Self.person, document).isEmpty)
    }

    @Test(arguments: [
        (#"{"name": "Ada"}"#, "", "#/required"),
        (#"{"name": "Ada", "age": 1.5}"#, "/age", "#/properties/age/type"),
        (#"{"name": "Ada", "age": -1}"#, "/age", "#/properties/age/minimum"),
        (#"{"name": "", "age": 1}"#, "/name", "#/properties/name/minLength"),
        (#"{"name": "Ada", "age": 1, "level": "fatal"}"#, "/level", "#/definitions/level/enum"),
        (#"{"name": "Ada", "age": 1, "tags": []}"#, "/tags", "#/properties/tags/minItems"),
        (#"{"name": "Ada", "age": 1, "tags": ["a", "a"]}"#, "/tags", "#/properties/tags/uniqueItems"),
        (#"{"name": "Ada", "age": 1, "tags": ["a", "B"]}"#, "/tags/1", "#/definitions/tag/pattern"),
        (#"{"name": "Ada", "age": 1, "colour": "red"}"#, "/colour", "#/additionalProperties"),
        (#"{"name": "Ada", "age": 1, "extra": {"k": 1}}"#, "/extra/k", "#/properties/extra/additionalProperties/type"),
        (#"{"name": "Ada", "age": 1, "home": "relative/path"}"#, "/home", "#/properties/home/format"),
        (#"{"name": "Ada", "age": 1, "link": "has space.txt"}"#, "/link", "#/properties/link/format"),
        (#"{"name": "Ada", "age": 1, "nick": 3}"#, "/nick", "#/properties/nick/type"),
        (#"["not", "an", "object"]"#, "", "#/type"),
    ])
    func reportsTheFailingPointer(document: String, instancePointer: String, schemaPointer: String) throws {
        let failures = try Self.failures(Self.person, document)
        #expect(failures.count == 1, "\(failures)")
        #expect(failures.first?.instancePointer == instancePointer)
        #expect(failures.first?.schemaPointer == schemaPointer)
    }

    @Test func combinatorsAndConst() throws {
        let schema = """
            {"definitions": {
               "one": {"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 10}]},
               "any": {"anyOf": [{"const": "a"}, {"const": "b"}]},
               "all": {"allOf": [{"type": "string"}, {"maxLength": 3}]},
               "not": {"not": {"type": "null"}},
               "dep": {"type": "object", "dependencies": {"card": ["expiry"], "iban": {"required": ["bic"]}}},
               "tuple": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": false},
               "never": false
            }}
            """
        #expect(try Self.failures(schema, "3", entry: "#/definitions/one").isEmpty)
        #expect(
            try Self.failures(schema, "12", entry: "#/definitions/one").first?.schemaPointer
                == "#/definitions/one/oneOf")  // both match
        #expect(
            try Self.failures(schema, "2.5", entry: "#/definitions/one").first?.schemaPointer
                == "#/definitions/one/oneOf")
        #expect(try Self.failures(schema, "12.5", entry: "#/definitions/one").isEmpty)
        #expect(try Self.failures(schema, #""b""#, entry: "#/definitions/any").isEmpty)
        #expect(
            try Self.failures(schema, #""c""#, entry: "#/definitions/any").first?.schemaPointer
                == "#/definitions/any/anyOf")
        #expect(
            try Self.failures(schema, #""abcd""#, entry: "#/definitions/all").first?.schemaPointer
                == "#/definitions/all/allOf/1/maxLength")
        #expect(
            try Self.failures(schema, "null", entry: "#/definitions/not").first?.schemaPointer
                == "#/definitions/not/not")
        #expect(
            try Self.failures(schema, #"{"card": 1}"#, entry: "#/definitions/dep").first?.schemaPointer
                == "#/definitions/dep/dependencies/card")
        #expect(
            try Self.failures(schema, #"{"iban": 1}"#, entry: "#/definitions/dep").first?.schemaPointer
                == "#/definitions/dep/dependencies/iban/required")
        #expect(try Self.failures(schema, #"{"card": 1, "expiry": 2}"#, entry: "#/definitions/dep").isEmpty)
        #expect(try Self.failures(schema, #"["a", 1]"#, entry: "#/definitions/tuple").isEmpty)
        #expect(try Self.failures(schema, #"["a", "b"]"#, entry: "#/definitions/tuple").first?.instancePointer == "/1")
        #expect(try Self.failures(schema, #"["a", 1, 2]"#, entry: "#/definitions/tuple").first?.instancePointer == "/2")
        #expect(try Self.failures(schema, "1", entry: "#/definitions/never").count == 1)
        #expect(
            try Self.failures(schema, "1", entry: "#/definitions/missing").first?.message.contains("does not resolve")
                == true)
    }

    @Test func pointerTokensAreEscaped() throws {
        let schema = #"{"type": "object", "additionalProperties": {"type": "integer"}}"#
        let failures = try Self.failures(schema, #"{"a/b~c": "x"}"#)
        #expect(failures.map(\.instancePointer) == ["/a~1b~0c"])
    }

    @Test func parserRejectsMalformedJSON() throws {
        for text in [#"{"a": 1,}"#, #"{"a": 1, "a": 2}"#, "[1 2]", "01", "\"\u{1}\"", #""\ud800""#, "{} x"] {
            #expect(throws: JSONDocument.ParseError.self, "\(text)") { try JSONDocument.parse(text) }
        }
        #expect(try JSONDocument.parse(#""\ud83d\ude00 支付""#) == .string("😀 支付"))
    }
}
