// A pure Server-Sent Events parser (the WHATWG event-stream format): bytes in, complete events out.
// Lines end in LF, CRLF or CR (also split across chunks); UTF-8 is decoded only per complete event.

/// Turns the bytes of a `text/event-stream` body, fed in chunks of any size, into events.
///
/// `data:` lines are joined by `\n`, `:` comments are ignored, `event:`, `id:` and `retry:` are read,
/// and a blank line dispatches. Memory is bounded by `maxEventBytes` per event.
public struct ServerSentEventParser: Sendable {
    /// The most bytes one event (its pending line plus its data so far) may take.
    public let maxEventBytes: Int
    /// The last `id:` field seen (the SSE "last event ID"), nil before any.
    public private(set) var lastEventID: String?
    /// The last valid `retry:` field, in milliseconds.
    public private(set) var retryMilliseconds: Int?

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
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where afterCarriageReturn:
                afterCarriageReturn = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                afterCarriageReturn = false
                line.append(byte)
                if line.count + data.count > maxEventBytes { throw ServerSentEventError.eventTooLarge(limit: maxEventBytes) }
            }
        }
        return events
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
        switch String(decoding: name, as: UTF8.self) {
        case "data":
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        case "event":
            eventName = String(decoding: value, as: UTF8.self)
        case "id" where !value.contains(0):
            lastEventID = String(decoding: value, as: UTF8.self)
        case "retry":
            let digits = value.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            if digits, !value.isEmpty, let milliseconds = Int(String(decoding: value, as: UTF8.self)) {
                retryMilliseconds = milliseconds
            }
        default:
            break
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
        return ServerSentEvent(event: name, data: String(decoding: data, as: UTF8.self))
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
