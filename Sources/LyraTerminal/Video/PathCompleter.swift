// Tab completion of file paths for `/video`: lists the directory of the partial path and offers
// the entries that continue it; directories end in `/`, files are filtered by extension.
import Foundation
import LyraKit

/// Completes a partial path from a directory listing. The logic is pure: the listing is injected.
public struct PathCompleter: Sendable {
    /// One directory entry.
    public struct Entry: Sendable, Equatable {
        /// The entry's name.
        public var name: String
        /// Whether it is (or links to) a directory.
        public var isDirectory: Bool

        /// Creates an entry.
        public init(name: String, isDirectory: Bool) {
            self.name = name
            self.isDirectory = isDirectory
        }
    }

    /// Lists a directory given as a path (`.` for the working directory); empty when unreadable.
    public typealias Lister = @Sendable (String) -> [Entry]

    /// Lowercased extensions of the files offered; nil offers every file.
    public let fileExtensions: Set<String>?
    private let home: String?
    private let list: Lister

    /// A completer.
    /// - Parameters:
    ///   - fileExtensions: extensions of files to offer (any case), e.g. `["jpg", "jpeg"]`; nil for all.
    ///   - home: what a leading `~/` stands for; nil leaves `~` alone.
    ///   - list: the directory listing (the file system by default).
    public init(fileExtensions: Set<String>?, home: String?, list: @escaping Lister = PathCompleter.listDirectory) {
        self.fileExtensions = fileExtensions.map { Set($0.map { $0.lowercased() }) }
        self.home = home
        self.list = list
    }

    /// The completions of `partial`, each starting with it, sorted.
    public func complete(_ partial: String) -> [String] {
        let split = partial.lastIndex(of: "/").map { partial.index(after: $0) } ?? partial.startIndex
        let directoryPart = String(partial[..<split])
        let namePrefix = String(partial[split...])
        let showHidden = namePrefix.hasPrefix(".")
        return list(directoryToList(directoryPart)).compactMap { entry -> String? in
            guard entry.name != ".", entry.name != "..", entry.name.hasPrefix(namePrefix) else { return nil }
            if entry.name.hasPrefix(".") && !showHidden { return nil }
            if entry.isDirectory { return directoryPart + entry.name + "/" }
            guard let fileExtensions else { return directoryPart + entry.name }
            let fileExtension = (entry.name as NSString).pathExtension.lowercased()
            return fileExtensions.contains(fileExtension) ? directoryPart + entry.name : nil
        }.sorted()
    }

    /// The directory to list for the typed directory part (`~/` expanded).
    func directoryToList(_ directoryPart: String) -> String {
        if directoryPart.isEmpty { return "." }
        return TildePath.expanding(directoryPart, home: home)
    }

    /// The file system's entries of `path` (at most 2,000), symbolic links to directories counted as directories.
    public static let listDirectory: Lister = { path in
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.prefix(2000).map { name in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(name),
                                                        isDirectory: &isDirectory)
            return Entry(name: name, isDirectory: exists && isDirectory.boolValue)
        }
    }
}
