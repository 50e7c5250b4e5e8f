// BackgroundProcessTests: the harness's posix_spawn launcher checked against real programs: input
// written while the program runs, output read as it comes, signals, and no leaked descriptors.
import Foundation
import LyraTestSupport
import Testing

private let shell = URL(fileURLWithPath: "/bin/sh")
private let cat = URL(fileURLWithPath: "/bin/cat")

@Suite struct BackgroundProcessTests {
    @Test func inputWrittenWhileItRunsIsEchoedAndClosingItEndsTheProgram() async throws {
        let process = try BackgroundProcess(executable: cat, input: .open)
        process.write("first line\n")
        // cat answers while its stdin is still open: the output is collected as it comes.
        try await process.awaitOutput(containing: "first line\n")
        process.write("second\n")
        process.closeInput()
        let result = try await process.result()
        #expect(result.stdout == "first line\nsecond\n")
        #expect(result.status == 0)
    }

    @Test func aSignalEndsTheProgramAndIsReported() async throws {
        let process = try BackgroundProcess(executable: shell, arguments: ["-c", "echo ready; exec sleep 600"])
        try await process.awaitOutput(containing: "ready")
        process.signal(SIGTERM)
        let result = try await process.result()
        #expect(result.terminatedBySignal == SIGTERM)
        #expect(result.stdout == "ready\n")
    }

    @Test func descriptorsOfThisProcessStayOutOfTheProgram() async throws {
        // A descriptor opened without close-on-exec (as other tests or libraries may) is not inherited.
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        let result = try await runProcess(executable: shell, arguments: ["-c", "ls /proc/self/fd"])
        let descriptors = result.stdout.split(separator: "\n").compactMap { Int32($0) }
        #expect(!descriptors.contains(leaked))
        #expect(descriptors.allSatisfy { $0 <= 3 })  // 0-2, and the directory ls is reading
    }
}
