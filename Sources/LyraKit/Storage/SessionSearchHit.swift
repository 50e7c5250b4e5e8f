// One result of `/sessions search`: the session, its number in the listing, and a line of context
// around the first message that contains the searched text.
import Foundation

/// A session whose messages contain the searched text.
public struct SessionSearchHit: Sendable, Equatable {
    /// The session's number, as `/sessions` shows it.
    public var number: Int
    /// The session.
    public var session: SessionSummary
    /// Who wrote the first matching message.
    public var role: ChatRole
    /// One line of that message around the match (`…` where it was cut); not sanitised.
    public var excerpt: String

    /// A hit for session `number`.
    public init(number: Int, session: SessionSummary, role: ChatRole, excerpt: String) {
        self.number = number
        self.session = session
        self.role = role
        self.excerpt = excerpt
    }
}
