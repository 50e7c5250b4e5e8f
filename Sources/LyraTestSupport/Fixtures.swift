// Fixtures: files under `<package root>/Fixtures/` (expected outputs, sample photos, scripts).
import Foundation

/// Access to the checked-in test fixtures under `<package root>/Fixtures/`.
public enum Fixtures {
    /// The URL of `relativePath` under `Fixtures/`. It is not checked for existence, so a
    /// test can also name an output file it is about to write there.
    /// - Parameter relativePath: a path such as `"scripts/chat.txt"`.
    public static func url(_ relativePath: String) -> URL {
        let root = (try? PackageRoot.url) ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return root.appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
    }

    /// The contents of the fixture at `relativePath`.
    /// - Throws: the file system error when it cannot be read.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// The contents of the fixture at `relativePath`, decoded as UTF-8.
    /// - Throws: the file system error when it cannot be read.
    public static func string(_ relativePath: String) throws -> String {
        String(decoding: try data(relativePath), as: UTF8.self)
    }
}
