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
        guard let data = try? file.readToEnd(limit: maximumBytes),
              let text = String(data: data, encoding: .utf8) else { return nil }
        return parse(text)
    }

    private static func parse(_ text: String) -> SessionNumberFile? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(header), let first = lines.popFirst() else { return nil }
        let counter = first.split(separator: "\t")
        guard counter.count == 2, counter[0] == "next", let next = Int(counter[1]), (1...largestNumber + 1).contains(next) else {
            return nil
        }
        var numbers = SessionNumberFile(next: next)
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, let number = Int(fields[1]), isValid(number) else { return nil }
            numbers.byFile[SessionIndex.unescape(String(fields[0]))] = number
        }
        return numbers
    }

    /// Replaces the sidecar atomically (call under the directory lock).
    /// - Throws: `StorageError`.
    func write(in directory: URL) throws {
        var text = Self.header + "\nnext\t\(next)\n"
        for (file, number) in byFile.sorted(by: { $0.value < $1.value }) {
            text += SessionIndex.escape(file) + "\t\(number)\n"
        }
        try AtomicFile.write(Data(text.utf8), to: directory.appending(path: Self.fileName), mode: 0o600)
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
