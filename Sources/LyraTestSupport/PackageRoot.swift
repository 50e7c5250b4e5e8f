// PackageRoot: the Lyra package checkout this test support code was compiled from,
// found by walking up from this file's path to the directory holding Package.swift.
import Foundation

/// The root directory of the Lyra package (the one containing `Package.swift`).
public enum PackageRoot {
    /// The package root, found from this source file's location.
    /// - Throws: `HarnessError.packageRootNotFound` when no ancestor holds `Package.swift`.
    public static var url: URL {
        get throws { try find(startingAt: URL(fileURLWithPath: #filePath)) }
    }

    /// Walks up from `start` to the nearest directory that contains `Package.swift`.
    /// - Throws: `HarnessError.packageRootNotFound` when there is none.
    static func find(startingAt start: URL) throws -> URL {
        var directory = start.deletingLastPathComponent().standardizedFileURL
        while true {
            let manifest = directory.appendingPathComponent("Package.swift")
            if FileManager.default.fileExists(atPath: manifest.path) {
                return directory
            }
            let parent = directory.deletingLastPathComponent().standardizedFileURL
            if parent.path == directory.path {
                throw HarnessError.packageRootNotFound(start: start.path)
            }
            directory = parent
        }
    }
}
