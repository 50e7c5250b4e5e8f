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

        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !received.withLock({ String(decoding: $0, as: UTF8.self) }).contains("leave Lyra") {
            try #require(ContinuousClock.now < deadline, "the answer to the first line never arrived")
            try await Task.sleep(for: .milliseconds(10))
        }
        process.interrupt()
        while process.isRunning {
            try #require(ContinuousClock.now < deadline.advanced(by: .seconds(5)), "lyra ignored SIGINT")
            try await Task.sleep(for: .milliseconds(10))
        }
        output.fileHandleForReading.readabilityHandler = nil
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
    }
}
