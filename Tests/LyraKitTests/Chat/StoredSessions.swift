// Reading what is stored the way every Lyra reader does (the session file plus its journal), for
// tests that check a session while its journal is not folded yet.
import Foundation
@testable import LyraKit

/// The sessions stored in `directory`, as a fresh store (another process) reads them, most recent first.
func storedSessions(in directory: URL) async throws -> [ChatSession] {
    let store = SessionStore(directory: directory)
    var sessions: [ChatSession] = []
    for summary in try await store.list().sessions { sessions.append(try await store.load(id: summary.id)) }
    return sessions
}
