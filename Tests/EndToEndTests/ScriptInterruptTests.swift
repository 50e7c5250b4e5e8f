// Ctrl-C in script mode ends lyra with status 130 (SPEC §1), and each line's output arrives as soon
// as the line is done (a program driving lyra through pipes is not left waiting).
import Foundation
import LyraTestSupport
import Synchronization
import Testing

@Suite struct ScriptInterruptTests {
    @Test func sigintWhileReadingAScriptExits130() async throws {
        let environment = try TemporaryEnvironment()
        let process = Process()
        process.executableURL = try LyraBinary.url
        process.environment = environment.environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let received = Mutex(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            received.withLock { $0.append(chunk) }
        }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        input.fileHandleForWriting.write(Data("/help quit\n".utf8))

        let deadline = ContinuousClock.now.advanced(by: .seconds(180))  // a watchdog only
        while !received.withLock({ String(decoding: $0, as: UTF8.self) }).contains("leave Lyra") {
            try #require(ContinuousClock.now < deadline, "the answer to the first line never arrived")
            try await Task.sleep(for: .milliseconds(10))
        }
        process.interrupt()
        while process.isRunning {
            try #require(ContinuousClock.now < deadline.advanced(by: .seconds(30)), "lyra ignored SIGINT")
            try await Task.sleep(for: .milliseconds(10))
        }
        output.fileHandleForReading.readabilityHandler = nil
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
    }

    @Test func sigintDuringASlowReplyInAScriptCancelsTheTurnAndExits130() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(chatDelayMilliseconds: 60_000))
        let process = Process()
        process.executableURL = try LyraBinary.url
        process.environment = environment.environment.merging(backend.lyraEnvironment) { _, new in new }
        process.arguments = ["-c", "a slow question", "-c", "never sent"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let deadline = ContinuousClock.now.advanced(by: .seconds(180))  // a watchdog only
        while try await backend.control.sentChatMessages() != ["a slow question"] {
            try #require(ContinuousClock.now < deadline, "the question never reached the backend")
            try await Task.sleep(for: .milliseconds(20))
        }
        process.interrupt()
        while process.isRunning {
            try #require(ContinuousClock.now < deadline, "lyra ignored SIGINT")
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        let messages = try storedMessages(try onlySessionFile(environment))
        #expect(messages.map { $0["content"] as? String } == ["a slow question"])
        #expect(messages.map { $0["failed"] as? Bool } == [true])
        #expect(try await backend.control.sentChatMessages() == ["a slow question"])
    }
}
