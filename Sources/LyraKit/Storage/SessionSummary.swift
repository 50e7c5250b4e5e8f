// What a session list shows about one session without decoding its messages: id, title, message
// count and timestamps, plus the file it lives in. Also the result of a listing with its problems.
import Foundation

/// One session as listed by `/sessions`.
public struct SessionSummary: Equatable, Sendable {
    /// The session's id.
    public var id: String
    /// Its title.
    public var title: String
    /// How many messages it holds (those taken back with `/undo` left out, as everywhere users see messages).
    public var messageCount: Int
    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Its file's name inside the sessions directory, e.g. `9F1C….json`.
    public var fileName: String
    /// Its stable number (SPEC §9): given at creation, never reused; 0 until the store numbers it.
    public var number: Int

    /// Creates a summary.
    public init(id: String, title: String, messageCount: Int, createdAt: Date, updatedAt: Date, fileName: String,
                number: Int = 0) {
        self.id = id
        self.title = title
        self.messageCount = messageCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.fileName = fileName
        self.number = number
    }

    /// The summary of `session`, stored in `fileName`.
    public init(_ session: ChatSession, fileName: String) {
        self.init(id: session.id, title: session.title, messageCount: session.messages.count { !$0.removed },
                  createdAt: session.createdAt, updatedAt: session.updatedAt, fileName: fileName,
                  number: session.number ?? 0)
    }
}

/// The result of listing the sessions directory.
public struct SessionListing: Equatable, Sendable {
    /// The readable sessions, most recently updated first.
    public var sessions: [SessionSummary]
    /// Files that could not be read as sessions (each left untouched).
    public var problems: [SessionError]

    /// Creates a listing.
    public init(sessions: [SessionSummary], problems: [SessionError] = []) {
        self.sessions = sessions
        self.problems = problems
    }
}
