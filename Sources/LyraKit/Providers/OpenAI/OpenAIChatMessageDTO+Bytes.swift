// A message of a chat request written straight into bytes (issue 34): the members `encode(to:)`
// gives, in its order, compact, through the one string escaper (JSONText). A long session's
// history is written this way, message by message, while the request is sent.
import Foundation

extension OpenAIChatMessageDTO {
    /// Appends the message as compact JSON: `role`, `content` (parts when it has image URLs),
    /// `tool_calls`, `tool_call_id`; reasoning is never sent back.
    func appendJSON(to output: inout [UInt8]) {
        output.append(contentsOf: #"{"role":"#.utf8)
        JSONText.appendString(role, to: &output)
        if imageURLs.isEmpty {
            if let content {
                output.append(contentsOf: #","content":"#.utf8)
                JSONText.appendString(content, to: &output)
            }
        } else {
            output.append(contentsOf: #","content":["#.utf8)
            if let content {
                output.append(contentsOf: #"{"type":"text","text":"#.utf8)
                JSONText.appendString(content, to: &output)
                output.append(UInt8(ascii: "}"))
            }
            for (index, url) in imageURLs.enumerated() {
                if index > 0 || content != nil { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: #"{"type":"image_url","image_url":{"url":"#.utf8)
                JSONText.appendString(url, to: &output)
                output.append(contentsOf: "}}".utf8)
            }
            output.append(UInt8(ascii: "]"))
        }
        if let toolCalls {
            output.append(contentsOf: #","tool_calls":["#.utf8)
            for (index, call) in toolCalls.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                call.appendJSON(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
        if let toolCallID {
            output.append(contentsOf: #","tool_call_id":"#.utf8)
            JSONText.appendString(toolCallID, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}

extension OpenAIToolCallDTO {
    /// Appends a whole call as `encode(to:)` writes it: `{"id", "type": "function", "function": {"name", "arguments"}}`.
    func appendJSON(to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        if let id {
            output.append(contentsOf: #""id":"#.utf8)
            JSONText.appendString(id, to: &output)
            output.append(UInt8(ascii: ","))
        }
        output.append(contentsOf: #""type":"function","function":{"name":"#.utf8)
        JSONText.appendString(name ?? "", to: &output)
        output.append(contentsOf: #","arguments":"#.utf8)
        JSONText.appendString(arguments ?? "", to: &output)
        output.append(contentsOf: "}}".utf8)
    }
}
