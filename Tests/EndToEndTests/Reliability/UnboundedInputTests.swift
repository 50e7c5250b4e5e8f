// Unbounded input (SPEC §10): a script line longer than 16 MiB is refused with its line number
// while memory stays bounded, and the script goes on; `-f` on a directory is a usage error.
import Foundation
import LyraTestSupport
import Testing

@Suite struct UnboundedInputTests {
    @Test func aHugeLineIsRefusedWithBoundedMemoryAndTheScriptGoesOn() async throws {
        let environment = try TemporaryEnvironment()
        defer { environment.remove() }
        let timeBinary = URL(fileURLWithPath: "/usr/bin/time")
        try #require(FileManager.default.isExecutableFile(atPath: timeBinary.path), "needs /usr/bin/time (make deps)")
        let report = environment.root.appendingPathComponent("maxrss")
        var input = Data(count: 64 << 20)  // 64 MiB of NUL bytes, like `lyra < /dev/zero`
        input.append(contentsOf: Array("\n/help\n".utf8))
        let result = try await runProcess(
            executable: timeBinary, arguments: ["-f", "%M", "-o", report.path, try LyraBinary.url.path],
            stdinData: input, environment: environment.environment, timeout: .seconds(120))
        #expect(result.stderr == "lyra: line 1: longer than 16 MiB: skipped\n")
        #expect(result.stdout.contains("/quit"))
        #expect(result.status == 1)
        let text = try String(contentsOf: report, encoding: .utf8)
        // time(1) writes "Command exited with non-zero status 1" first, then the figure.
        let figure = text.split(separator: "\n").last.map(String.init) ?? ""
        let kilobytes = try #require(Int(figure.trimmingCharacters(in: .whitespaces)))
        #expect(kilobytes < 100_000, "peak RSS \(kilobytes) kB")
    }

    @Test func aDirectoryAsScriptFileIsAUsageError() async throws {
        let environment = try TemporaryEnvironment()
        defer { environment.remove() }
        let result = try await environment.runLyra(["-f", environment.root.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read '\(environment.root.path)': it is a directory"))
        #expect(result.stdout.isEmpty)
    }
}
