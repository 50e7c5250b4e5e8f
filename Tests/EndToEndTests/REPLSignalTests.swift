// Signals at the REPL prompt on a real pseudo-terminal (SPEC §2): SIGTERM ends only Lyra (never
// the shell that started it) with status 143 and the terminal restored, even at the hidden /login
// prompt; after Ctrl-Z and `fg` the prompt and the typed text come back; Ctrl-C or Ctrl-D at a sub-prompt
// leaves the next output on a line of its own.
import Foundation
import LyraTestSupport
import Testing

@Suite struct REPLSignalTests {
    /// The first child of `parent` (the shell's lyra), read from /proc.
    private func childProcess(of parent: pid_t) async throws -> pid_t {
        let path = "/proc/\(parent)/task/\(parent)/children"
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if let first = text.split(separator: " ").first, let pid = pid_t(first) { return pid }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw HarnessError.outputNotFound(needle: "a child of \(parent)", timeout: .seconds(120), plainOutput: "")
    }

    /// Lyra started by `sh -c` (no job control: one process group with the shell), which then
    /// reports its status; returned once the prompt shows, with lyra's process id.
    private func startUnderShell(_ environment: TemporaryEnvironment) async throws -> (PseudoTerminalSession, pid_t) {
        let session = try PseudoTerminalSession(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "\"$0\" -q; echo \"shell saw status $?\"", try LyraBinary.url.path],
            environment: environment.environment, workingDirectory: environment.workDirectory)
        try await session.awaitOutput(containing: "lyra ›")
        return (session, try await childProcess(of: session.processIdentifier))
    }

    @Test func sigtermAtThePromptEndsLyraOnlyWith143AndEchoOn() async throws {
        let environment = try TemporaryEnvironment()
        let (session, lyra) = try await startUnderShell(environment)
        session.send("half-typed")
        try await session.awaitOutput(containing: "half-typed")
        kill(lyra, SIGTERM)
        try await session.awaitOutput(containing: "shell saw status 143")
        #expect(try await session.awaitExit() == 0)
        #expect(session.echoIsOn == true)
    }

    /// The terminal holds type-ahead (no echo, no canonical mode) from the moment a line is entered
    /// until the next prompt; leaving right after a line, by Ctrl-D or `/quit`, still gives it back.
    @Test(arguments: ["\u{4}", "/quit\r"])
    func leavingRightAfterALineLeavesEchoOn(_ leave: String) async throws {
        let environment = try TemporaryEnvironment()
        let (session, _) = try await startUnderShell(environment)
        session.send("/help quit\r")
        try await session.awaitOutput(containing: "also: /exit")
        session.send(leave)
        try await session.awaitOutput(containing: "shell saw status 0")
        #expect(try await session.awaitExit() == 0)
        #expect(session.echoIsOn == true)
    }

    @Test func sigtermAtTheHiddenLoginPromptLeavesEchoOn() async throws {
        let environment = try TemporaryEnvironment()
        let (session, lyra) = try await startUnderShell(environment)
        session.send("/login\r")
        try await session.awaitOutput(containing: "Token (hidden):")
        kill(lyra, SIGTERM)
        try await session.awaitOutput(containing: "shell saw status 143")
        #expect(try await session.awaitExit() == 0)
        #expect(session.echoIsOn == true)
    }

    @Test func sighupAtThePromptEndsLyraOnly() async throws {
        let environment = try TemporaryEnvironment()
        let (session, lyra) = try await startUnderShell(environment)
        kill(lyra, SIGHUP)
        try await session.awaitOutput(containing: "shell saw status 129")
        #expect(try await session.awaitExit() == 0)
    }

    @Test func afterCtrlZAndFgThePromptAndTypedTextAreRedrawn() async throws {
        let environment = try TemporaryEnvironment()
        let session = try PseudoTerminalSession(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["--norc", "--noprofile", "-i"],
            environment: environment.environment(adding: ["PS1": "shell$ ", "LYRA_BIN": try LyraBinary.url.path]),
            workingDirectory: environment.workDirectory)
        try await session.awaitOutput(containing: "shell$ ")
        session.send("\"$LYRA_BIN\" -q\r")
        try await session.awaitOutput(containing: "lyra ›")
        session.send("typed before stopping")
        try await session.awaitOutput(containing: "typed before stopping")
        session.send("\u{1A}")
        try await session.awaitOutput(containing: "Stopped")
        try await session.awaitOutput(containing: "shell$ ")
        session.mark()
        session.send("fg\r")
        let screen = try await session.awaitOutput(containing: "lyra › typed before stopping")
        #expect(screen.contains("lyra ›"))
        try await session.awaitEchoOff()
        // Marked before the keys are sent: Lyra may end and the shell print its prompt before this
        // thread runs again (under load), and output before a mark is not searched.
        session.mark()
        session.send(.ctrlU)
        session.send(.ctrlD)
        try await session.awaitOutput(containing: "shell$ ")
        session.send("exit\r")
        #expect(try await session.awaitExit() == 0)
    }

    @Test(arguments: [PseudoTerminalSession.Key.ctrlC, .ctrlD])
    func leavingASubPromptPutsTheNextOutputOnItsOwnLine(key: PseudoTerminalSession.Key) async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try environment.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/improve\r")
        try await session.awaitOutput(containing: "text ›")
        session.mark()
        session.send(key)
        try await session.awaitOutput(containing: "cancelled")
        let lines = session.plainOutput.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "cancelled" })
        #expect(!lines.contains { $0.contains("text ›") && $0.contains("cancelled") })
        try await session.awaitPrompt(after: "cancelled")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
