// The outcome of one successful chat turn: the user's message, the reply and the saved session.
import Foundation

/// A completed chat turn.
public struct ChatTurn: Equatable, Sendable {
    /// The user's message (as saved, `failed: false`).
    public var prompt: ChatMessage
    /// The assistant's reply.
    public var reply: ChatMessage
    /// The session as saved after the turn.
    public var session: ChatSession
    /// The model the server said answered, when it said so.
    public var servedBy: String?
    /// Whether the reply ended a thinking block it never opened (a lone `</think>`): the model's
    /// template opens it in the prompt, worth remembering for its next replies.
    public var closedUnopenedThinking = false
    /// What the request carried once its token budget was applied (SPEC §12).
    public var context: ContextBudget?

    /// Creates a turn.
    public init(prompt: ChatMessage, reply: ChatMessage, session: ChatSession, servedBy: String? = nil) {
        self.prompt = prompt
        self.reply = reply
        self.session = session
        self.servedBy = servedBy
    }
}
