// A pure Server-Sent Events parser (the WHATWG event-stream format): bytes in, complete events out.
// Lines end in LF, CRLF or CR (also split across chunks); UTF-8 is decoded only per complete event,
// and an event whose bytes are not valid UTF-8 says so (its reader decides what to do with it).

import Foundation

/// Turns the bytes of a `text/event-stream` body, fed in chunks of any size, into events.
///
/// `data:` lines are joined by `\n`, `:` comments are ignored, `event:` is read, other fields
/// (`id:`, `retry:`: Lyra never reconnects a stream) are ignored, and a blank line dispatches. Memory is bounded by `maxEventBytes` per event.
public struct ServerSentEventParser: Sendable {
    /// The most bytes one event (its pending line plus its data so far) may take.
    public let maxEventBytes: Int

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var eventName: String?
    private var afterCarriageReturn = false
    private var atStreamStart = true

    /// A parser that refuses events larger than `maxEventBytes` (16 MiB by default).
    public init(maxEventBytes: Int = 16 << 20) {
        self.maxEventBytes = max(1, maxEventBytes)
    }

    /// Consumes `bytes` and returns the events they complete, in order.
    /// - Throws: `ServerSentEventError.eventTooLarge` when an event outgrows `maxEventBytes`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws -> [ServerSentEvent] {
        if let events = try bytes.withContiguousStorageIfAvailable({ try feed(buffer: $0) }) { return events }
        return try Array(bytes).withUnsafeBufferPointer { try feed(buffer: $0) }
    }

    /// Splits `buffer` into lines, copying each run between line breaks at once.
    private mutating func feed(buffer: UnsafeBufferPointer<UInt8>) throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var index = 0
        while index < buffer.count {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if buffer[index] == Self.lineFeed {
                    index += 1
                    continue
                }
            }
            let end = Self.lineBreak(in: buffer, from: index)
            line.append(contentsOf: buffer[index..<end])
            if line.count + data.count > maxEventBytes { throw ServerSentEventError.eventTooLarge(limit: maxEventBytes) }
            guard end < buffer.count else { break }
            afterCarriageReturn = buffer[end] == Self.carriageReturn
            if let event = endLine() { events.append(event) }
            index = end + 1
        }
        return events
    }

    /// The index of the first CR or LF at or after `start`, or `buffer.count` when there is none.
    private static func lineBreak(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        buffer[start...].firstIndex { $0 == lineFeed || $0 == carriageReturn } ?? buffer.count
    }

    /// Ends the stream: a last line without a line ending is read, and an event that was not
    /// followed by a blank line is returned. The parser is then ready for a new stream.
    public mutating func finish() -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if !line.isEmpty, let event = endLine() { events.append(event) }
        if let event = dispatch() { events.append(event) }
        line = []
        afterCarriageReturn = false
        atStreamStart = true
        return events
    }

    /// Processes the pending line; returns an event when it was the blank line that dispatches one.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if atStreamStart {
            atStreamStart = false
            if line.starts(with: Self.byteOrderMark) { line.removeFirst(Self.byteOrderMark.count) }
        }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[($0 + 1)...] } ?? line[line.endIndex...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        apply(field: name, value: value)
        return nil
    }

    private mutating func apply(field name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        if name.elementsEqual("data".utf8) {
            if hasData { data.append(Self.lineFeed) }
            data.append(contentsOf: value)
            hasData = true
        } else if name.elementsEqual("event".utf8) {
            eventName = String(decoding: value, as: UTF8.self)
        }
    }

    /// The event gathered so far (nil when it has no data), and a clean slate for the next one.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventName = nil
        }
        guard hasData else { return nil }
        let name = eventName.flatMap { $0.isEmpty ? nil : $0 }
        if let text = String(validating: data, as: UTF8.self) { return ServerSentEvent(event: name, data: text) }
        return ServerSentEvent(event: name, data: String(decoding: data, as: UTF8.self), isValidUTF8: false)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
}
