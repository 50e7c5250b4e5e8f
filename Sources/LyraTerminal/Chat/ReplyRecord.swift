// One chat reply as a script reads it with `--json` (and the `done` event of `--jsonl`), SPEC §15:
// `{"text", "reasoning", "model", "finishReason", "usage", "session": {"number", "id"},
// "durationMs", "toolCalls"}` — every member always present (null when unknown). Text from the
// server goes through the one sanitiser, as it does when printed as text.
import Foundation
import LyraKit

/// A finished reply, for `--json` and `--jsonl`.
struct ReplyRecord: Encodable {
    var type: String?
    var text: String
    var reasoning: String?
    var model: String?
    var finishReason: String?
    var usage: TokenUsage?
    var session: SessionRef
    var durationMs: Int
    var toolCalls: [ToolCallRecord] = []

    /// A tool call the model made during the turn (SPEC §14), with what the user decided and what
    /// the tool returned (sanitised, as stored).
    struct ToolCallRecord: Encodable {
        var id: String
        var name: String
        var arguments: String
        var allowed: Bool?
        var result: String?
    }

    /// The session a reply was saved in.
    struct SessionRef: Encodable {
        var number: Int?
        var id: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            try container.encode(id, forKey: .id)
        }

        enum CodingKeys: String, CodingKey { case number, id }
    }

    /// The record of `turn`, which took `duration`; `type` is `done` for a `--jsonl` event.
    init(_ turn: ChatTurn, duration: Duration, type: String? = nil) {
        self.type = type
        text = TextSanitizer.sanitize(turn.reply.content)
        reasoning = turn.reply.reasoning.map(TextSanitizer.sanitize)
        model = turn.reply.model ?? turn.servedBy
        finishReason = turn.reply.finishReason
        usage = turn.reply.usage
        session = SessionRef(number: turn.session.number, id: turn.session.id)
        durationMs = Int(duration.seconds * 1000)
        toolCalls = Self.toolCalls(of: turn)
    }

    /// The calls stored between the turn's prompt and its reply, each with its result message.
    private static func toolCalls(of turn: ChatTurn) -> [ToolCallRecord] {
        let messages = turn.session.messages
        guard let start = messages.lastIndex(ofID: turn.prompt.id) else { return [] }
        let end = messages.lastIndex(ofID: turn.reply.id) ?? messages.endIndex
        guard start < end else { return [] }
        let round = messages[(start + 1) ..< end]
        return round.flatMap { $0.toolCalls ?? [] }.map { call in
            let result = round.first { $0.role == .tool && $0.toolCallId == call.id }
            return ToolCallRecord(id: call.id, name: TextSanitizer.sanitize(call.name),
                                  arguments: TextSanitizer.sanitize(call.arguments), allowed: result?.allowed,
                                  result: result.map { TextSanitizer.sanitize($0.content) })
        }
    }

    enum CodingKeys: String, CodingKey {
        case type, text, reasoning, model, finishReason, usage, session, durationMs, toolCalls
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encode(text, forKey: .text)
        try container.encode(reasoning, forKey: .reasoning)
        try container.encode(model, forKey: .model)
        try container.encode(finishReason, forKey: .finishReason)
        try container.encode(usage, forKey: .usage)
        try container.encode(session, forKey: .session)
        try container.encode(durationMs, forKey: .durationMs)
        try container.encode(toolCalls, forKey: .toolCalls)
    }

    /// `value` as one line of compact JSON (no `\n`).
    static func line(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        guard let data = try? encoder.encode(value) else { return #"{"type":"error","message":"cannot encode the reply"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A `--jsonl` event: a piece of text or reasoning, an error, or a tool call and its result
/// (`tool_call` with id, name, arguments; `tool_result` with id, name, allowed, content).
struct ReplyEvent: Encodable {
    var type: String
    var text: String?
    var message: String?
    var id: String?
    var name: String?
    var arguments: String?
    var allowed: Bool?
    var content: String?
}
