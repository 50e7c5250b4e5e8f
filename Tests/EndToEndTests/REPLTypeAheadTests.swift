// Keys typed while a chat turn runs (issue 16): the terminal does not echo them into the reply
// being drawn; they are kept and appear on the next prompt, where libedit reads them — a Ctrl-D too.
import Foundation
import LyraTestSupport
import Testing

@Suite struct REPLTypeAheadTests {
    @Test func typeAheadDuringATurnWaitsForTheNextPrompt() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(chatDelayMilliseconds: 1500))
        let session = try environment.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("hello there\r")
        // The turn is running once the backend has the request: whatever is typed now is type-ahead.
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while try await backend.control.sentChatMessages().isEmpty {
            try #require(ContinuousClock.now < deadline, "the chat request never arrived")
            try await Task.sleep(for: .milliseconds(10))
        }
        session.send("typedahead")
        try await session.awaitPrompt(after: "Demo reply")
        try await session.awaitOutput(containing: "typedahead")
        let output = ANSIText.strip(session.output)
        let reply = try #require(output.range(of: "Demo reply"))
        let typed = try #require(output.range(of: "typedahead"))
        #expect(typed.lowerBound > reply.upperBound, "type-ahead was echoed into the turn: \(output)")
        session.send(.ctrlU)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func aCtrlDTypedWhileALineRunsEndsLyraOnceTheLineIsDone() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        // The reply never comes on its own: the line ends only when the backend is stopped below.
        try await backend.control.injectFault(path: "/dola/chats", delayMilliseconds: 60_000)
        let session = try environment.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("hello there\r")
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while try await backend.control.sentChatMessages().isEmpty {
            try #require(ContinuousClock.now < deadline, "the chat request never arrived")
            try await Task.sleep(for: .milliseconds(10))
        }
        // Typed while the turn runs; in the terminal's cooked mode the line discipline took it as an
        // end-of-file nobody read, and Lyra stayed at the next prompt.
        session.send(.ctrlD)
        backend.backend.stop()   // drops the held connection: the turn fails and the prompt returns
        #expect(try await session.awaitExit() == 0)
    }

    /// A Ctrl-D typed the moment a line's output appears, before the next prompt: the line has
    /// ended, and the terminal must still hold keys (not be cooked, where the line discipline
    /// would take the Ctrl-D as an end-of-file nobody reads). Repeated: the gap is short.
    @Test func aCtrlDTypedAsALineEndsEndsLyra() async throws {
        let environment = try TemporaryEnvironment()
        for _ in 0..<12 {
            let session = try environment.startLyraSession(["-q"])
            defer { session.terminate() }
            try await session.awaitOutput(containing: "lyra ›")
            session.mark()
            session.send("/help quit\r")
            try await session.awaitOutput(containing: "also: /exit")
            session.send(.ctrlD)
            #expect(try await session.awaitExit() == 0)
        }
    }
}
