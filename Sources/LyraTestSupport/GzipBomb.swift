// A gzip bomb for tests of decoded-size caps: megabytes of zeros compressed by gzip(1) into a
// body about a thousand times smaller.
import Foundation

/// Builds gzip-compressed bodies that expand enormously.
public enum GzipBomb {
    /// `megabytes` MiB of zeros compressed with gzip(1).
    /// - Throws: `HarnessError.launchFailed` when `/bin/sh` cannot be started.
    public static func zeros(megabytes: Int) throws -> Data {
        let process = try SpawnedProcess(executable: URL(filePath: "/bin/sh"),
                                         arguments: ["-c", "head -c \(megabytes << 20) /dev/zero | gzip -c"],
                                         environment: nil, workingDirectory: nil, pipeStdin: false)
        var data = Data()
        var collector = PipeCollector(stdoutFD: process.stdoutFD, stderrFD: process.stderrFD) { bytes, isStdout in
            if isStdout { data.append(contentsOf: bytes) }
        }
        _ = collector.collect { false }
        return data
    }
}
