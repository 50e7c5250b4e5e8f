// The bytes of a chat request: the encoded DTO, then `response_format` appended as its last member
// with the schema written in the order the user wrote it (JSONEncoder does not keep the order of
// an object's members, and llama.cpp generates properties in the schema's order).
import Foundation

extension OpenAIChatRequestDTO {
    /// The request body.
    /// - Throws: encoding errors.
    public func body() throws -> Data {
        var data = try JSONEncoder().encode(self)
        guard let responseFormat, data.last == UInt8(ascii: "}") else { return data }
        data.removeLast()
        var tail: [UInt8] = []
        tail.append(contentsOf: #","response_format":{"type":"json_schema","json_schema":{"name":"#.utf8)
        JSONText.appendString(responseFormat.name, to: &tail)
        tail.append(contentsOf: #","schema":"#.utf8)
        responseFormat.schema.appendJSON(to: &tail)
        tail.append(contentsOf: "}}}".utf8)
        data.append(contentsOf: tail)
        return data
    }
}

extension JSONDocument {
    /// Appends the value's compact JSON text, object members in order.
    func appendJSON(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONText.appendString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.appendJSON(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONText.appendString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.appendJSON(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
