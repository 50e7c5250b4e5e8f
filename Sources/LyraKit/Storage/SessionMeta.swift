// A session's own members (all but its messages) as a journal line sets them (docs/JOURNAL.md):
// made from a session and changed member by member, or read back from a line, and applied through
// the session's field table, so a member added to the table reaches the journal by itself.
import Foundation

/// The members of a session that a journal line sets: every member but the messages.
///
/// Its members read and write like the session's own: `meta.title = "Trip"`.
@dynamicMemberLookup
public struct SessionMeta: Equatable, Sendable {
    /// The members' values; its messages are always empty.
    var members: ChatSession
    /// The rows of the session's field table it sets: all but `messages` for a meta made from a
    /// session, the members present for one read from a journal line.
    var rows: StoredRows

    /// The members of `session` as they are; not its messages, nor the members Lyra does not know
    /// (Lyra never changes those, so a journal line need not repeat them).
    public init(_ session: ChatSession) {
        members = session
        members.messages = []
        members.unknownMembers = []
        rows = ChatSession.storedMembers.written
    }

    /// The members `rows` of `members` (read from a journal line).
    init(members: ChatSession, rows: StoredRows) {
        self.members = members
        self.members.messages = []
        self.rows = rows.intersection(ChatSession.storedMembers.written)
    }

    /// A member of the session, e.g. `meta.title` or `meta.updatedAt` (not its messages).
    public subscript<Member>(dynamicMember path: WritableKeyPath<ChatSession, Member>) -> Member {
        get { members[keyPath: path] }
        set { members[keyPath: path] = newValue }
    }

    /// Sets the members it holds in `session`, leaving the messages alone. Members Lyra does not
    /// know that it holds (a line written by a later version) replace those of the same key, or
    /// are added.
    func apply(to session: inout ChatSession) {
        ChatSession.storedMembers.copy(rows, from: members, to: &session)
        for unknown in members.unknownMembers {
            if let index = session.unknownMembers.firstIndex(where: { $0.key == unknown.key }) {
                session.unknownMembers[index] = unknown
            } else {
                session.unknownMembers.append(unknown)
            }
        }
    }
}
