// `--schema`'s check (SPEC §15): each checked keyword — type, enum, required, properties, items —
// at the root and nested, keywords it does not check ignored; the schema file's name and errors;
// and `/set`'s parameter ranges.
import Foundation
import Testing
@testable import LyraKit

@Suite struct StructuredOutputTests {
    private func mismatch(_ reply: String, _ schema: String) throws -> String? {
        let document = try JSONDocument.parse(schema)
        do {
            try JSONSchemaCheck.check(reply, against: document)
            return nil
        } catch {
            return "\(error.path): \(error.problem)"
        }
    }

    @Test func eachCheckedKeywordFailsAReplyThatBreaksIt() throws {
        let schema = #"""
            {"type": "object", "required": ["name", "age"],
             "properties": {"name": {"type": "string"}, "age": {"type": "integer"},
                            "size": {"enum": ["S", "M"]}, "tags": {"type": "array", "items": {"type": "string"}},
                            "home": {"type": ["object", "null"], "properties": {"zip": {"type": "number"}}}}}
            """#
        #expect(try mismatch(#"{"name": "Ada", "age": 36, "size": "M", "tags": ["x"], "home": {"zip": 1.5}}"#, schema) == nil)
        #expect(try mismatch(#"{"name": "Ada", "age": 36.0, "home": null}"#, schema) == nil)
        #expect(try mismatch(#"[1]"#, schema) == "$: expected object, found array")
        #expect(try mismatch(#"{"name": "Ada"}"#, schema) == "$: the required member \"age\" is missing")
        #expect(try mismatch(#"{"name": 1, "age": 2}"#, schema) == "$.name: expected string, found integer")
        #expect(try mismatch(#"{"name": "A", "age": 2.5}"#, schema) == "$.age: expected integer, found number")
        #expect(try mismatch(#"{"name": "A", "age": 2, "size": "XL"}"#, schema) == "$.size: not one of the values the schema's enum allows")
        #expect(try mismatch(#"{"name": "A", "age": 2, "tags": ["a", 3]}"#, schema) == "$.tags[1]: expected string, found integer")
        #expect(try mismatch(#"{"name": "A", "age": 2, "home": {"zip": "x"}}"#, schema) == "$.home.zip: expected number, found string")
        #expect(try mismatch("Sure! Here is the JSON", schema)?.hasPrefix("$: not JSON") == true)
        // Keywords it does not check are ignored.
        #expect(try mismatch(#""toolong""#, #"{"type": "string", "maxLength": 2, "pattern": "^a"}"#) == nil)
    }

    @Test func theSchemaFileGivesTheNameAndBadFilesSayWhy() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("my city.json")
            try #"{"type": "object"}"#.write(to: file, atomically: true, encoding: .utf8)
            #expect(try ChatResponseFormat.load(path: file.path).name == "mycity")
            try #"{"title": "Weather report", "type": "object"}"#.write(to: file, atomically: true, encoding: .utf8)
            #expect(try ChatResponseFormat.load(path: file.path).name == "Weatherreport")
            try "[1, 2]".write(to: file, atomically: true, encoding: .utf8)
            #expect(throws: ChatResponseFormatError.unreadable(path: file.path, reason: "a schema must be a JSON object")) {
                _ = try ChatResponseFormat.load(path: file.path)
            }
            try "{".write(to: file, atomically: true, encoding: .utf8)
            #expect(throws: ChatResponseFormatError.self) { _ = try ChatResponseFormat.load(path: file.path) }
        }
    }

    @Test func theResponseFormatIsEncodedAsSentWithTheSchemaAsWritten() throws {
        var dto = OpenAIChatRequestDTO(model: "m", messages: [])
        dto.responseFormat = ChatResponseFormat(name: "city", schema: try JSONDocument.parse(#"{"type": "object", "properties": {"b": {}, "a": {}}}"#))
        dto.parameters = ChatParameters(temperature: 0.5, seed: 3)
        let text = String(decoding: try dto.body(), as: UTF8.self)
        #expect(text.contains(#""response_format":{"type":"json_schema","json_schema":{"name":"city","schema":{"type":"object","properties":{"b":{},"a":{}}}}}"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["temperature"] as? Double == 0.5 && object["seed"] as? Int == 3)
        #expect(object["top_p"] == nil && object["max_tokens"] == nil)
    }

    @Test func parametersAreCheckedAgainstTheirRanges() throws {
        var parameters = ChatParameters()
        try parameters.set("temperature", to: "2")
        try parameters.set("top_p", to: "0")
        try parameters.set("max_tokens", to: "1")
        try parameters.set("seed", to: "-5")
        #expect(parameters == ChatParameters(temperature: 2, topP: 0, maxTokens: 1, seed: -5))
        #expect(parameters.value(of: "temperature") == "2")
        for (name, value) in [("temperature", "2.01"), ("temperature", "nan"), ("top_p", "1.5"), ("top_p", "-0.1"),
                              ("max_tokens", "0"), ("max_tokens", "1.5"), ("seed", "x")] {
            #expect(throws: ChatParameterError.self) { try parameters.set(name, to: value) }
        }
        #expect(throws: ChatParameterError.unknownName("warmth")) { try parameters.set("warmth", to: "1") }
        try parameters.clear("seed")
        #expect(parameters.seed == nil)
    }
}

@Suite struct ContinuationEchoTests {
    @Test func anEchoOfTheReplySoFarIsDroppedWhereverThePiecesSplitIt() {
        let echo = ContinuationEcho(prefix: "Hello! I am")
        #expect(["Hel", "lo! I", " amHe", "llo"].map(echo.filter) == ["", "", "He", "llo"])
        let plain = ContinuationEcho(prefix: "Hello! I am")
        #expect(["Hel", "p! ", "x"].map(plain.filter) == ["", "Help! ", "x"])
        let short = ContinuationEcho(prefix: "Hello! I am")
        #expect(short.filter("Hello") == "" && short.finish() == "Hello")
        #expect(echo.strip("Hello! I amHello") == "Hello" && echo.strip("more") == "more")
    }
}
