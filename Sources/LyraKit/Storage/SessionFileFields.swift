// The field tables of the session format (SPEC §3, §8): every stored member of a session, a message
// and a usage record, described once — key, kind, default, when it is left out, written in this
// order. The reader, the writer and the journal all go by them: a new member is a line here.
import Foundation

extension ChatSession: StoredObject {
    /// The key of the messages, written last (after the members Lyra does not know) and in pieces.
    static let messagesKey = "messages"

    /// A session's members. Defaults: no id → empty (the store uses the file name), no chat id →
    /// a fresh one, no or unreadable `createdAt` → the first message's time (else 1970), no
    /// `updatedAt` → the last message's time (else `createdAt`).
    static let storedMembers = StoredMembers<ChatSession>(
        blank: ChatSession(id: "", title: "", chatID: "", createdAt: .storedEpoch),
        depth: 1, unknown: \ChatSession.unknownMembers, members: [
            .identifier("id", \.id, { $0.id = $1 }, default: { _ in "" }),
            .required("title", \.title, { $0.title = $1 }, default: { _ in "" }),
            .identifier("chatID", \.chatID, { $0.chatID = $1 }, default: { _ in UUID.systemRandomLowercased() }),
            .optional("number", \.number, { $0.number = $1 }),
            .optional("system", \.system, { $0.system = $1 }),
            .optional("model", \.model, { $0.model = $1 }),
            .optional("think", \.think, { $0.think = $1 }),
            .optional("parameters", \.parameters, { $0.parameters = $1 }),
            .required("createdAt", \.createdAt, { $0.createdAt = $1 },
                      default: { $0.messages.first?.createdAt ?? .storedEpoch }),
            .required("updatedAt", \.updatedAt, { $0.updatedAt = $1 },
                      default: { $0.messages.last?.createdAt ?? $0.createdAt }),
            StoredMember(messagesKey, \.messages, { $0.messages = $1 }, read: { reader, place throws(JSONScanFailure) in
                try reader.readMessages(at: place())
            }, write: nil),
        ])
}

extension ChatMessage: StoredObject {
    /// A message's members. Defaults: a fresh id, role `user`, empty content, 1970 for a missing or
    /// unreadable time; `failed` is kept on user messages only (false when missing) and always
    /// written there.
    static let storedMembers = StoredMembers<ChatMessage>(
        blank: ChatMessage(id: "", role: .user, content: "", createdAt: .storedEpoch),
        depth: 3, unknown: \ChatMessage.unknownMembers, members: [
            .identifier("id", \.id, { $0.id = $1 }, default: { _ in UUID.systemRandomLowercased() }),
            .required("role", \.role, { $0.role = $1 }, default: { _ in .user }),
            .required("content", \.content, { $0.content = $1 }, default: { _ in "" }),
            .required("createdAt", \.createdAt, { $0.createdAt = $1 }, default: { _ in .storedEpoch }),
            StoredMember("failed", \.failed, { $0.failed = $1 }, read: { reader, place throws(JSONScanFailure) in
                .some(try reader.optionalBool(at: place()))
            }, write: { message, object, output in
                if message.role == .user { object.boolean("failed", message.failed ?? false, into: &output) }
            }, settle: { message, _ in
                message.failed = message.role == .user ? (message.failed ?? false) : nil
            }),
            .optional("model", \.model, { $0.model = $1 }),
            .flag("incomplete", \.incomplete, { $0.incomplete = $1 }),
            .optional("finishReason", \.finishReason, { $0.finishReason = $1 }),
            .optional("usage", \.usage, { $0.usage = $1 }),
            .optional("reasoning", \.reasoning, { $0.reasoning = $1 }),
            .optional("tokens", \.tokens, { $0.tokens = $1 }),
            .flag("compacted", \.compacted, { $0.compacted = $1 }),
            .flag("removed", \.removed, { $0.removed = $1 }),
            .optional("alternatives", \.alternatives, { $0.alternatives = $1 }),
            .optional("toolCalls", \.toolCalls, { $0.toolCalls = $1 }),
            .optional("toolCallId", \.toolCallId, { $0.toolCallId = $1 }),
            .optional("allowed", \.allowed, { $0.allowed = $1 }),
        ])
}

extension ToolCall: StoredObject {
    /// A tool call's members (SPEC §14); a missing one reads as empty text.
    static let storedMembers = StoredMembers<ToolCall>(
        blank: ToolCall(id: "", name: "", arguments: ""), depth: 5, unknown: nil, members: [
            .identifier("id", \.id, { $0.id = $1 }, default: { _ in "" }),
            .required("name", \.name, { $0.name = $1 }, default: { _ in "" }),
            .required("arguments", \.arguments, { $0.arguments = $1 }, default: { _ in "" }),
        ])
}

extension TokenUsage: StoredObject {
    /// A usage record's members; other members of it are not kept.
    static let storedMembers = StoredMembers<TokenUsage>(
        blank: TokenUsage(), depth: 4, unknown: nil, members: [
            .optional("promptTokens", \.promptTokens, { $0.promptTokens = $1 }),
            .optional("completionTokens", \.completionTokens, { $0.completionTokens = $1 }),
            .optional("reasoningTokens", \.reasoningTokens, { $0.reasoningTokens = $1 }),
        ])
}

extension Date {
    /// The time of a stored member that is missing and has nothing better: 1970-01-01.
    static let storedEpoch = Date(timeIntervalSince1970: 0)
}
