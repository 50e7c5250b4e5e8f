// A gzip bomb for tests of decoded-size caps: megabytes of zeros compressed by gzip(1) into a
// body about a thousand times smaller.
import Foundation

/// Builds gzip-compressed bodies that expand enormously.
public enum GzipBomb {
    /// `megabytes` MiB of zeros compressed with gzip(1).
    /// - Throws: when `/bin/sh` cannot be started.
    public static func zeros(megabytes: Int) throws -> Data {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", "head -c \(megabytes << 20) /dev/zero | gzip -c"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}
