// Writes a test's executable script (a fake editor, clipboard tool, …) through a descriptor opened
// with O_CLOEXEC: a child that a test running in parallel spawns meanwhile does not keep it open for
// writing, which would make running the script fail with "Text file busy" (ETXTBSY).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes executable scripts for tests.
public enum ExecutableScript {
    /// Writes `text` to `path` with mode 0755.
    /// - Throws: `HarnessError.launchFailed` when the file cannot be written.
    public static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw HarnessError.launchFailed(executable: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw HarnessError.launchFailed(executable: path, reason: String(cString: strerror(errno))) }
            written += count
        }
        _ = fchmod(descriptor, 0o755)
    }
}

extension String {
    /// Writes the string as an executable script at `path` (see ``ExecutableScript``).
    /// - Throws: `HarnessError.launchFailed` when the file cannot be written.
    public func writeExecutable(to path: String) throws {
        try ExecutableScript.write(self, to: path)
    }
}
