// The sidecar `<sessions>/.numbers.tsv` behind stable session numbers (SPEC §9): the next number to
// give (numbers are never reused) and the numbers of files that do not carry one themselves (written
// by another program, or by a Lyra before numbers), so they are numbered without being rewritten.
// Read and written only under the directory lock; a missing or unreadable file is rebuilt.
import Foundation

/// The state of session numbering in one sessions directory.
struct SessionNumberFile: Equatable {
    /// The sidecar's name inside the sessions directory.
    static let fileName = ".numbers.tsv"
    /// Its first line.
    static let header = "lyra-session-numbers 1"
    /// The largest sidecar read (a foreign or sparse file is ignored and rebuilt).
    static let maximumBytes = 8 << 20
    /// The largest session number honoured (in a file or the sidecar); a larger one, which could
    /// only come from a hand-edited file, is treated as missing, so counting on never overflows.
    static let largestNumber = Int(Int32.max)

    /// Whether `number` is one a session may carry.
    static func isValid(_ number: Int) -> Bool { (1...largestNumber).contains(number) }

    /// The number the next new session gets; always above every number given so far.
    var next = 1
    /// File name → number, for session files without a `number` of their own.
    var byFile: [String: Int] = [:]

    /// The sidecar of `directory`, or nil when it is missing or not valid (then it is rebuilt).
    static func read(in directory: URL) -> SessionNumberFile? {
        readStamped(in: directory)?.numbers
    }

    /// The sidecar of `directory` with the stamp of the very file read (the index caches the
    /// numbers listed under that stamp); nil when it is missing or not valid.
    static func readStamped(in directory: URL) -> (numbers: SessionNumberFile, stamp: SessionFileStamp)? {
        let path = directory.appending(path: fileName).path
        guard let file = try? PosixFile.openingRegularFile(path, followingLinks: false) else { return nil }
        defer { file.closeFile() }
        guard let info = try? file.status(), let bytes = try? file.readBytes(limit: maximumBytes),
              let numbers = bytes.withUnsafeBufferPointer({ parse($0) }) else { return nil }
        return (numbers, SessionFileStamp(info))
    }

    /// The stamp of the sidecar of `directory` (not through a symlink); nil when there is none.
    static func stamp(in directory: URL) -> SessionFileStamp? {
        var info = stat()
        guard lstat(directory.appending(path: fileName).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return SessionFileStamp(info)
    }

    /// The header, `next\tN`, then `file\tnumber` lines; nil for anything else (read byte by byte:
    /// 100,000 numbered files are read on every listing).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> SessionNumberFile? {
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var lines = TabSeparatedBytes.Lines(bytes)
        guard let first = nextLine(&lines), bytes[first].elementsEqual(header.utf8),
              let counter = nextLine(&lines) else { return nil }
        var fields = TabSeparatedBytes.Fields(bytes, counter)
        guard let label = fields.next(), bytes[label].elementsEqual("next".utf8),
              let next = fields.integer(), fields.isAtEnd, (1...Int64(largestNumber) + 1).contains(next) else { return nil }
        var numbers = SessionNumberFile(next: Int(next))
        numbers.byFile.reserveCapacity(bytes.count / 48)
        while let line = nextLine(&lines) {
            var fields = TabSeparatedBytes.Fields(bytes, line)
            guard let name = fields.next(), let number = fields.integer(), fields.isAtEnd, isValid(Int(number)) else {
                return nil
            }
            let file = String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
            let escaped = TabSeparatedBytes.position(of: 0x5C, in: bytes, name) != nil
            numbers.byFile[escaped ? SessionIndex.unescape(file) : file] = Int(number)
        }
        return numbers
    }

    /// The next line that is not empty.
    private static func nextLine(_ lines: inout TabSeparatedBytes.Lines) -> Range<Int>? {
        while let line = lines.next() {
            if !line.isEmpty { return line }
        }
        return nil
    }

    /// Replaces the sidecar atomically (call under the directory lock). `syncingDirectory` false
    /// when a session file is written next under the same lock: its directory fsync makes this
    /// rename durable too, and if it fails the number given was never used.
    /// - Throws: `StorageError`.
    func write(in directory: URL, syncingDirectory: Bool = true) throws {
        var text = Array((Self.header + "\nnext\t\(next)\n").utf8)
        text.reserveCapacity(byFile.count * 48 + text.count)
        for (file, number) in byFile.sorted(by: { $0.value < $1.value }) {
            text.append(contentsOf: SessionIndex.escape(file).utf8)
            text.append(0x09)
            text.append(contentsOf: String(number).utf8)
            text.append(0x0A)
        }
        try AtomicFile.write(Data(text), to: directory.appending(path: Self.fileName), mode: 0o600,
                             syncingDirectory: syncingDirectory)
    }

    /// Gives out the next number.
    mutating func allocate() -> Int {
        defer { next += 1 }
        return next
    }

    /// Makes sure no number at or below `number` is given again.
    mutating func reserve(upTo number: Int) {
        if Self.isValid(number), number >= next { next = number + 1 }
    }
}
