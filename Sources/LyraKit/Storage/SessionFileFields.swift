// The members of a session file and of its messages as read, before defaults: the one place where
// a missing member gets its default value (SPEC §3: files from other programs open too).
import Foundation

/// A session's members as found in a file.
struct SessionFields {
    var id: String?, title: String?, chatID: String?, createdAt: String?, updatedAt: String?
    var system: String?, model: String?, number: Int?
    var messages: [ChatMessage] = []
    var unknown: [JSONMember] = []

    /// The session, with defaults: no id → empty (the store uses the file name), no chat id → a fresh
    /// one, no or unreadable `createdAt` → the first message's time (else 1970), no `updatedAt` →
    /// the last message's time (else `createdAt`).
    func session() -> ChatSession {
        let created = createdAt.flatMap(ChatTimestamp.date(from:))
            ?? messages.first?.createdAt ?? Date(timeIntervalSince1970: 0)
        let updated = updatedAt.flatMap(ChatTimestamp.date(from:)) ?? messages.last?.createdAt ?? created
        var session = ChatSession(id: id ?? "", title: title ?? "", chatID: chatID ?? UUID.systemRandomLowercased(),
                                  createdAt: created, updatedAt: updated, messages: messages,
                                  system: system, model: model, number: number)
        session.unknownMembers = unknown
        return session
    }
}

/// A message's members as found in a file.
struct MessageFields {
    var id: String?, role: String?, content: String?, createdAt: String?, failed: Bool?
    var model: String?, incomplete: Bool?, finishReason: String?, usage: TokenUsage?
    var unknown: [JSONMember] = []

    /// The message, with defaults: a fresh id, role `user`, empty content, 1970 for a missing or
    /// unreadable time, `failed` false on user messages (and absent on others).
    func message() -> ChatMessage {
        let created = createdAt.flatMap(ChatTimestamp.date(from:)) ?? Date(timeIntervalSince1970: 0)
        var message = ChatMessage(id: id ?? UUID.systemRandomLowercased(), role: ChatRole(rawValue: role ?? "user"),
                                  content: content ?? "", createdAt: created,
                                  failed: failed, model: model, incomplete: incomplete ?? false,
                                  finishReason: finishReason, usage: usage)
        message.unknownMembers = unknown
        return message
    }
}
