// `/compact` summaries (SPEC §12): how a stored `summary` message is sent (a system message after
// the system prompt) and what the model is asked to summarise.
import Foundation

/// The wire form and the request of a `/compact` summary.
public enum ContextSummary {
    /// How the summary begins when sent, so the model knows what it reads.
    public static let sentPrefix = "Summary of the earlier conversation:\n"

    /// The instruction sent after the messages to summarise.
    public static let instruction = """
        Summarise the conversation so far for your own later use: keep every fact, decision, name, \
        number, piece of code and open question that later messages may need; leave out pleasantries. \
        Write only the summary.
        """

    /// The system message that carries `summary` in a request.
    public static func systemMessage(from summary: ChatMessage) -> ChatMessage {
        var message = summary
        message.role = ChatRole(rawValue: "system")
        message.content = sentPrefix + summary.content
        return message
    }
}
