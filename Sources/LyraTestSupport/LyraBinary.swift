// LyraBinary: where the built `lyra` executable is, for end-to-end tests.
// `$LYRA_BINARY` wins; otherwise `<package root>/.build/debug/lyra`.
import Foundation

/// Locates the `lyra` executable that end-to-end tests run.
public enum LyraBinary {
    /// The `lyra` executable: `$LYRA_BINARY` when set and non-empty, else
    /// `<package root>/.build/debug/lyra`.
    /// - Throws: `HarnessError.binaryNotFound` ("run swift build first") when it does not exist.
    public static var url: URL {
        get throws {
            let candidate: URL
            if let override = ProcessInfo.processInfo.environment["LYRA_BINARY"], !override.isEmpty {
                candidate = URL(fileURLWithPath: override)
            } else {
                candidate = try PackageRoot.url
                    .appendingPathComponent(".build/debug/lyra")
            }
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
                throw HarnessError.binaryNotFound(path: candidate.path)
            }
            return candidate
        }
    }
}
