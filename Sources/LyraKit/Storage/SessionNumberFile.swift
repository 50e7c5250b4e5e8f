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
        let path = directory.appending(path: fileName).path
        guard let file = try? PosixFile.openingRegularFile(path, followingLinks: false) else { return nil }
        defer { file.closeFile() }
        return (try? file.readBytes(limit: maximumBytes)).flatMap(parse)
    }

    /// The header, `next\tN`, then `file\tnumber` lines (empty lines skipped); nil for anything else.
    static func parse(_ bytes: [UInt8]) -> SessionNumberFile? {
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var lines = SessionIndexTable.lines(of: bytes)
        guard let first = lines.popFirst(), first.elementsEqual(header.utf8),
              let counter = lines.popFirst().map(SessionIndexTable.fields(of:)), counter.count == 2,
              counter[0].elementsEqual("next".utf8), let next = SessionIndexTable.integer(counter[1]),
              (1...Int64(largestNumber) + 1).contains(next) else { return nil }
        var numbers = SessionNumberFile(next: Int(next))
        numbers.byFile.reserveCapacity(lines.count)
        for line in lines {
            let fields = SessionIndexTable.fields(of: line)
            guard fields.count == 2, let number = SessionIndexTable.integer(fields[1]), isValid(Int(number)) else {
                return nil
            }
            numbers.byFile[SessionIndexTable.text(fields[0])] = Int(number)
        }
        return numbers
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
