// Who wrote a chat message. A string-backed value rather than a closed enum, so a session file
// written by another program with a role Lyra does not know is kept as it is, not rejected.
import Foundation

/// The author of a chat message: `user` or `assistant` (other values are preserved).
public struct ChatRole: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The role as stored, e.g. `user`.
    public let rawValue: String

    /// A role with the stored text `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The person at the terminal.
    public static let user = ChatRole(rawValue: "user")
    /// The backend's answers.
    public static let assistant = ChatRole(rawValue: "assistant")
    /// A tool's result, answering an assistant message's tool call (SPEC §14).
    public static let tool = ChatRole(rawValue: "tool")
    /// A summary of earlier messages made by `/compact`, sent as a system message (SPEC §12).
    public static let summary = ChatRole(rawValue: "summary")

    /// Who this is in a transcript or a bubble label: `You`, `Lyra`, or the stored text for other roles.
    public var speaker: String {
        switch self {
        case .user: "You"
        case .assistant: "Lyra"
        case .tool: "Tool"
        case .summary: "Summary"
        default: rawValue
        }
    }

    /// The stored text.
    public var description: String { rawValue }

    /// Decodes the stored text.
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the stored text.
    /// - Throws: encoder errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
