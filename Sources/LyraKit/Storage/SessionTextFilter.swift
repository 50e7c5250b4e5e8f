// A quick, never-missing test of whether raw session-file bytes can hold a search text, so
// `/sessions search` decodes only the files and messages that may match (issue 34: a full decode of
// every file made a search of 10,000 sessions take seconds). The final answer is always Foundation's
// case-insensitive comparison on the decoded message; this filter only rules files out.
import Foundation

/// An ASCII search text prepared for a case-insensitive scan of UTF-8 bytes.
///
/// It rules a buffer out only when no decoded string in it can contain the text under
/// `.caseInsensitive`: the text is printable ASCII without `"`, `\` or `/` (so a JSON writer stores
/// it unescaped), and a buffer is kept when it holds an escaped printable character (`\u0041`) or one
/// of the few non-ASCII characters whose case mappings contain one of the text's letters (`ß`, `ſ`,
/// the Kelvin sign, the `ﬁ` ligatures, …).
public struct SessionTextFilter: Sendable {
    /// The text as given.
    private let text: String
    /// The text, lower-cased.
    private let needle: [UInt8]
    /// Boyer–Moore–Horspool skips, indexed by a lower-cased byte.
    private let skips: [Int]
    /// The UTF-8 of the non-ASCII characters that may compare equal to a letter of the text.
    private let lookalikes: [[UInt8]]

    /// The non-ASCII characters whose lower, upper, title or folded forms hold ASCII letters, with those letters.
    private static let foldingLookalikes: [(letters: String, character: String)] = [
        ("s", "\u{DF}"), ("i", "\u{130}"), ("i", "\u{131}"), ("n", "\u{149}"), ("s", "\u{17F}"), ("j", "\u{1F0}"),
        ("h", "\u{1E96}"), ("t", "\u{1E97}"), ("w", "\u{1E98}"), ("y", "\u{1E99}"), ("a", "\u{1E9A}"), ("s", "\u{1E9E}"),
        ("k", "\u{212A}"), ("f", "\u{FB00}"), ("fi", "\u{FB01}"), ("fl", "\u{FB02}"), ("fi", "\u{FB03}"),
        ("fl", "\u{FB04}"), ("st", "\u{FB05}"), ("st", "\u{FB06}"),
    ]

    /// A filter for `text`, or nil when the text is not one it can rule files out for (then every
    /// file is decoded).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        let plain = bytes.allSatisfy { (0x20 ..< 0x7F).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "/") }
        guard !bytes.isEmpty, plain else { return nil }
        let needle = bytes.map(Self.lowered)
        var skips = [Int](repeating: needle.count, count: 256)
        for (index, byte) in needle.dropLast().enumerated() { skips[Int(byte)] = needle.count - 1 - index }
        self.text = text
        self.needle = needle
        self.skips = skips
        lookalikes = Self.foldingLookalikes
            .filter { entry in entry.letters.utf8.contains { needle.contains($0) } }
            .map { Array($0.character.utf8) }
    }

    /// False only when no string in `bytes` (raw JSON or decoded text) can contain the text.
    /// `cleared`: how many of the first bytes are already known to fail (a file's head, read and
    /// tried alone first); only what ends after them is looked at again.
    func mayMatch(_ bytes: UnsafeRawBufferPointer, cleared: Int = 0) -> Bool {
        // Anything that can match ends after `cleared` when the first bytes did not: it starts at
        // most its length before (the text, `\u002`…, a look-alike of up to 3 bytes).
        let start = min(max(cleared - max(needle.count, 8), 0), bytes.count)
        let bytes = start == 0 ? bytes : UnsafeRawBufferPointer(rebasing: bytes[start...])
        return contains(bytes) || Self.holdsEscapedPrintable(bytes) || holdsLookalike(bytes)
    }

    /// The first occurrence of the text in `content` at or after `start`, exactly as Foundation's
    /// `.caseInsensitive` finds it: by bytes when `content` is ASCII (the two compare alike there)
    /// or when it holds no look-alike and the match found by bytes stands between ASCII characters
    /// (so it is whole characters to Foundation too: `…in Lisbon?` in an excerpt), nil at once when
    /// its bytes cannot hold the text or it holds no look-alike and no match by bytes after `start`
    /// (the next match of a highlighted line), else by Foundation.
    public func firstRange(in content: String, from start: String.Index? = nil) -> Range<String.Index>? {
        let start = start ?? content.startIndex
        var copy = content
        let scan: (offset: Int?, decided: Bool) = copy.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            let from = content.utf8.distance(from: content.utf8.startIndex, to: start)
            if Self.isASCII(bytes) { return (offset(in: bytes, from: from), true) }
            guard mayMatch(bytes) else { return (nil, true) }
            guard !holdsLookalike(bytes) else { return (nil, false) }
            guard let found = offset(in: bytes, from: from) else { return (nil, true) }
            guard found == 0 || bytes[found - 1] < 0x80,
                  found + needle.count == bytes.count || bytes[found + needle.count] < 0x80
            else { return (nil, false) }
            return (found, true)
        }
        if scan.decided {
            guard let offset = scan.offset else { return nil }
            let lower = content.utf8.index(content.utf8.startIndex, offsetBy: offset)
            return lower ..< content.utf8.index(lower, offsetBy: needle.count)
        }
        return content.range(of: text, options: .caseInsensitive, range: start ..< content.endIndex)
    }

    /// Where the text first occurs in `bytes` at or after `from`, ignoring ASCII case.
    private func offset(in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard from + needle.count <= bytes.count else { return nil }
        return (from ... bytes.count - needle.count).first { start in
            needle.indices.allSatisfy { Self.lowered(bytes[start + $0]) == needle[$0] }
        }
    }

    /// Whether `bytes` hold the text, ignoring ASCII case (Boyer–Moore–Horspool).
    private func contains(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = needle.count
        guard bytes.count >= count else { return false }
        return needle.withUnsafeBufferPointer { pattern in
            skips.withUnsafeBufferPointer { skip in
                var end = count - 1
                while end < bytes.count {
                    var matched = 0
                    while matched < count, Self.lowered(bytes[end - matched]) == pattern[count - 1 - matched] { matched += 1 }
                    if matched == count { return true }
                    end += skip[Int(Self.lowered(bytes[end]))]
                }
                return false
            }
        }
    }

    /// Whether `bytes` hold `\u0020`…`\u007F`: a printable character another writer chose to escape.
    private static func holdsEscapedPrintable(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var from = 0
        while let found = offset(of: Array("\\u00".utf8), in: bytes, from: from) {
            let next = found + 4
            if next < bytes.count, (UInt8(ascii: "2") ... UInt8(ascii: "7")).contains(bytes[next]) { return true }
            from = found + 1
        }
        return false
    }

    private func holdsLookalike(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !lookalikes.isEmpty, !Self.isASCII(bytes) else { return false }
        return lookalikes.contains { Self.offset(of: $0, in: bytes, from: 0) != nil }
    }

    /// Whether every byte is below 0x80, eight at a time (most session files are ASCII).
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        return bytes[offset...].allSatisfy { $0 < 0x80 }
    }

    /// Where `pattern` first occurs in `bytes` at or after `from` (memchr for its first byte).
    private static func offset(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard let base = bytes.baseAddress, let first = pattern.first else { return nil }
        var start = from
        while start + pattern.count <= bytes.count,
              let hit = memchr(base + start, Int32(first), bytes.count - pattern.count + 1 - start) {
            let at = UnsafeRawPointer(hit) - base
            if pattern.indices.allSatisfy({ bytes[at + $0] == pattern[$0] }) { return at }
            start = at + 1
        }
        return nil
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
