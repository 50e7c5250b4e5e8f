// Runs one child process under GNU time(1) and reports what that child alone cost: CPU time and
// peak RSS. (RUSAGE_CHILDREN mixes in every child of a parallel test run, and wait4 on a child
// spawned from a large test process reports the parent's peak: Linux keeps the pre-exec peak.)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The exit status, CPU time and peak memory of one finished child process.
public struct ChildResourceUsage: Sendable {
    /// The exit status.
    public let status: Int32
    /// User plus system CPU time in seconds.
    public let cpuSeconds: Double
    /// Peak resident set size in KiB.
    public let peakKiB: Int

    /// The measuring tool (Debian package `time`; `make deps` installs it).
    public static let timeTool = "/usr/bin/time"

    /// Runs `executable` with `arguments` and exactly `environment` (output discarded) under
    /// `/usr/bin/time`, waiting without blocking a cooperative thread.
    /// - Throws: `HarnessError.launchFailed` when it cannot be started or measured.
    public static func run(_ executable: URL, arguments: [String], environment: [String: String]) async throws -> ChildResourceUsage {
        guard FileManager.default.isExecutableFile(atPath: timeTool) else {
            throw HarnessError.launchFailed(executable: timeTool, reason: "missing: apt-get install time")
        }
        let report = FileManager.default.temporaryDirectory.appending(path: "lyra-usage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        _ = try await runProcess(executable: URL(filePath: timeTool),
                                 arguments: ["-f", "%x %U %S %M", "-o", report.path, executable.path] + arguments,
                                 environment: environment)
        let fields = ((try? String(contentsOf: report, encoding: .utf8)) ?? "")
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).suffix(4)
        let values = fields.map(String.init)
        guard values.count == 4, let status = Int32(values[0]), let user = Double(values[1]),
              let system = Double(values[2]), let peak = Int(values[3]) else {
            throw HarnessError.launchFailed(executable: executable.path, reason: "no usage report from \(timeTool)")
        }
        return ChildResourceUsage(status: status, cpuSeconds: user + system, peakKiB: peak)
    }
}
