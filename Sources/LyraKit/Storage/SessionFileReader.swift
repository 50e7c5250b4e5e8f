// The one reader of session files (SPEC §3, §8): any valid JSON layout (member order, whitespace,
// escapes, numbers as ids) read straight from bytes into a `ChatSession` through the field tables
// (SessionFileFields.swift); members Lyra does not know are kept as their JSON text.
import Foundation

/// Parses a session file's bytes into a `ChatSession`, or says why the file is damaged.
struct SessionFileReader {
    var scanner: JSONScanner

    /// The session in `data`; an id missing from the file is left empty (the store fills it in).
    /// - Throws: `JSONScanFailure` with a short reason (not valid JSON, invalid UTF-8, too deep,
    ///   or an unexpected value at a named place).
    static func session(from data: some ContiguousBytes) throws(JSONScanFailure) -> ChatSession {
        let result: Result<ChatSession, JSONScanFailure> = data.withUnsafeBytes { raw in
            var reader = SessionFileReader(scanner: JSONScanner(bytes: raw))
            do throws(JSONScanFailure) { return .success(try reader.readDocument()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private mutating func readDocument() throws(JSONScanFailure) -> ChatSession {
        guard scanner.peek() == UInt8(ascii: "{") else { throw JSONScanFailure(reason: "not a session object") }
        var reading = StoredObjectReading<ChatSession>()
        try readObject(into: &reading, at: { "" })
        guard scanner.isAtEnd() else { throw scanner.invalid() }
        return reading.settled()
    }

    /// The messages array (`null`: none).
    mutating func readMessages(at place: @autoclosure () -> String) throws(JSONScanFailure) -> [ChatMessage] {
        if scanner.skipNull() { return [] }
        guard scanner.peek() == UInt8(ascii: "[") else { throw unexpected(at: place) }
        var messages: [ChatMessage] = []
        // Room for as many messages as the rest could hold (none is under 64 bytes), so that a long
        // session's array is never copied while it grows; pages never written are never resident.
        messages.reserveCapacity(scanner.remainingBytes / 64)
        try scanner.readArray { scanner throws(JSONScanFailure) in
            var reader = SessionFileReader(scanner: scanner)
            messages.append(try reader.readMessage(at: place() + "[\(messages.count)]"))
            scanner = reader.scanner
        }
        return messages
    }

    /// The first message in a session file's `bytes` that `matches`, reading no further than it
    /// (`/sessions search` stops at the first match); nil when none does.
    /// - Throws: `JSONScanFailure` when the bytes up to that message are not a session file.
    static func firstMessage(in bytes: UnsafeRawBufferPointer, where matches: (ChatMessage) -> Bool)
        throws(JSONScanFailure) -> ChatMessage? {
        var reader = SessionFileReader(scanner: JSONScanner(bytes: bytes))
        try reader.scanner.expect(UInt8(ascii: "{"))
        if reader.scanner.next(is: UInt8(ascii: "}")) { return nil }
        repeat {
            let key = try reader.scanner.readString()
            try reader.scanner.expect(UInt8(ascii: ":"))
            guard key == "messages", reader.scanner.next(is: UInt8(ascii: "[")) else {
                try reader.scanner.skipValue(depth: 1)
                continue
            }
            if reader.scanner.next(is: UInt8(ascii: "]")) { continue }
            repeat {
                let message = try reader.readMessage(at: "messages")
                if matches(message) { return message }
            } while reader.scanner.next(is: UInt8(ascii: ","))
            try reader.scanner.expect(UInt8(ascii: "]"))
        } while reader.scanner.next(is: UInt8(ascii: ","))
        return nil
    }

    /// One message object; `place` names it in a failure's reason.
    mutating func readMessage(at place: @autoclosure () -> String) throws(JSONScanFailure) -> ChatMessage {
        var reading = StoredObjectReading<ChatMessage>()
        try readObject(into: &reading, at: place)
        return reading.settled()
    }

    /// A session's members object (``SessionFileWriter/writeMembers(of:into:)``): the members
    /// present, to be applied to a session with ``SessionMeta/apply(to:)``; `messages` is skipped.
    mutating func readMembers(at place: @autoclosure () -> String) throws(JSONScanFailure) -> SessionMeta {
        var reading = StoredObjectReading<ChatSession>(membersOnly: true)
        try readObject(into: &reading, at: place)
        let rows = reading.present
        return SessionMeta(members: reading.settled(), rows: rows)
    }

    /// Reads a session's members object and applies the members present to `session` (its
    /// messages left alone): ``readMembers(at:)`` then ``SessionMeta/apply(to:)``.
    mutating func readMembers(into session: inout ChatSession, at place: @autoclosure () -> String)
        throws(JSONScanFailure) {
        try readMembers(at: place()).apply(to: &session)
    }

    // MARK: - Objects through their field tables

    /// Reads the object at the scanner, its members in any order, into `reading`: the members of
    /// the field table by their rows, the others kept (or skipped) as the table says.
    mutating func readObject<Value>(into reading: inout StoredObjectReading<Value>, at place: () -> String)
        throws(JSONScanFailure) {
        guard scanner.peek() == UInt8(ascii: "{") else { throw unexpected(at: place) }
        try scanner.readObject { scanner, key throws(JSONScanFailure) in
            var reader = SessionFileReader(scanner: scanner)
            if try !reader.readMember(key, into: &reading, at: place) { try reader.readUnknown(key, into: &reading) }
            scanner = reader.scanner
        }
    }

    /// Reads the value of member `key` into `reading` when the field table has a row for it;
    /// false (nothing read) when it has none.
    mutating func readMember<Value>(_ key: String, into reading: inout StoredObjectReading<Value>,
                                    at place: () -> String) throws(JSONScanFailure) -> Bool {
        let table = Value.storedMembers
        guard let row = table.row(of: key, hint: reading.next) else { return false }
        reading.next = row + 1
        let member = table.members[row]
        if reading.membersOnly, member.write == nil {
            try scanner.skipValue(depth: table.depth)
            return true
        }
        reading.present.insert(row)
        if try member.read(&self, &reading.value, { Self.place(place(), key) }) { reading.found.insert(row) }
        return true
    }

    /// Keeps member `key`, which the field table does not know, as its JSON text (or skips it).
    private mutating func readUnknown<Value>(_ key: String, into reading: inout StoredObjectReading<Value>)
        throws(JSONScanFailure) {
        let table = Value.storedMembers
        guard let unknown = table.unknown else { return try scanner.skipValue(depth: table.depth) }
        reading.value[keyPath: unknown].append(JSONMember(key: key, json: try scanner.readRawValue(depth: table.depth)))
    }

    /// The place of member `key` of the object at `place` (the document's own members: `key`).
    private static func place(_ place: String, _ key: String) -> String {
        place.isEmpty ? key : place + "." + key
    }

    // MARK: - Typed values (null reads as absent)

    mutating func optionalString(at place: @autoclosure () -> String) throws(JSONScanFailure) -> String? {
        if scanner.skipNull() { return nil }
        guard scanner.peek() == UInt8(ascii: "\"") else { throw unexpected(at: place) }
        return try scanner.readString()
    }

    /// An id: a string, or a number kept as its text.
    mutating func optionalIdentifier(at place: @autoclosure () -> String) throws(JSONScanFailure) -> String? {
        guard let byte = scanner.peek(), byte == UInt8(ascii: "-") || (48...57).contains(byte) else {
            return try optionalString(at: place())
        }
        return try scanner.readNumberText()
    }

    mutating func optionalInteger(at place: @autoclosure () -> String) throws(JSONScanFailure) -> Int? {
        if scanner.skipNull() { return nil }
        guard let byte = scanner.peek(), byte == UInt8(ascii: "-") || (48...57).contains(byte),
              let value = Int(try scanner.readNumberText()) else { throw unexpected(at: place) }
        return value
    }

    mutating func optionalBool(at place: @autoclosure () -> String) throws(JSONScanFailure) -> Bool? {
        if scanner.skipNull() { return nil }
        guard let byte = scanner.peek(), byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") else {
            throw unexpected(at: place)
        }
        return try scanner.readBool()
    }

    /// "unexpected value at PLACE", or "not valid JSON" when the text ends there.
    mutating func unexpected(at place: () -> String) -> JSONScanFailure {
        scanner.peek() == nil ? scanner.invalid() : JSONScanFailure(reason: "unexpected value at \(place())")
    }
}
