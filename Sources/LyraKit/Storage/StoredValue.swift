// The kinds of value a stored member holds (strings, integers, booleans, timestamps, roles, nested
// objects) and how each is read from and written to session files and journal lines: the field
// tables of SessionFileFields.swift name a kind per member instead of spelling out its JSON.
import Foundation

/// A value stored as one JSON value in session files and journal lines.
protocol StoredValue: Sendable {
    /// The value at the reader's position; nil for `null` (and for a timestamp Lyra cannot read).
    /// - Throws: "unexpected value at PLACE" for a value of another JSON type, or a scanning failure.
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> Self?

    /// Appends the value's JSON text; `indent` is the level of a nested object's members (nil: compact).
    func write(into output: inout [UInt8], indent: Int?)
}

/// A value stored as a JSON object whose members a field table describes.
protocol StoredObject: StoredValue {
    /// The object's members: keys, kinds, defaults, in the order they are written.
    static var storedMembers: StoredMembers<Self> { get }
}

extension StoredObject {
    /// The object at the reader's position, missing members given their defaults; nil for `null`.
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> Self? {
        if reader.scanner.skipNull() { return nil }
        var reading = StoredObjectReading<Self>()
        try reader.readObject(into: &reading, at: place)
        return reading.settled()
    }

    /// The object's members in table order, then the members Lyra does not know.
    func write(into output: inout [UInt8], indent: Int?) {
        var object = ObjectWriter(indent: indent, into: &output)
        object.members(of: self, into: &output)
        object.close(into: &output)
    }
}

extension String: StoredValue {
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> String? {
        try reader.optionalString(at: place())
    }

    func write(into output: inout [UInt8], indent: Int?) { JSONText.appendString(self, to: &output) }
}

extension Int: StoredValue {
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> Int? {
        try reader.optionalInteger(at: place())
    }

    func write(into output: inout [UInt8], indent: Int?) { output.append(contentsOf: String(self).utf8) }
}

extension Bool: StoredValue {
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> Bool? {
        try reader.optionalBool(at: place())
    }

    func write(into output: inout [UInt8], indent: Int?) { output.append(contentsOf: (self ? "true" : "false").utf8) }
}

/// A timestamp (SPEC §3): ISO 8601 in UTC with milliseconds; read also without fractional seconds.
extension Date: StoredValue {
    /// A string that is no timestamp reads as nil, so the member gets its default.
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> Date? {
        try reader.optionalString(at: place()).flatMap(ChatTimestamp.date(from:))
    }

    func write(into output: inout [UInt8], indent: Int?) {
        output.append(UInt8(ascii: "\""))
        ChatTimestamp.append(self, to: &output)
        output.append(UInt8(ascii: "\""))
    }
}

/// A role, stored as its text (roles Lyra does not know are kept).
extension ChatRole: StoredValue {
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> ChatRole? {
        try reader.optionalString(at: place()).map(ChatRole.init(rawValue:))
    }

    func write(into output: inout [UInt8], indent: Int?) { JSONText.appendString(rawValue, to: &output) }
}
