// Incremental decoder of `Transfer-Encoding: chunked` request bodies.
// It resumes where it stopped each time more bytes arrive, so large bodies decode in linear time.

/// Decodes a chunked body that starts at a fixed index of a growing receive buffer.
struct ChunkedBodyDecoder {
    private enum Phase {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
    }

    /// The body decoded so far.
    private(set) var body: [UInt8] = []
    private var cursor: Int
    private var phase: Phase = .size
    private let maxBodyBytes: Int

    /// - Parameters:
    ///   - start: index of the first chunk-size line in the buffer.
    ///   - maxBodyBytes: the largest decoded body accepted.
    init(start: Int, maxBodyBytes: Int) {
        self.cursor = start
        self.maxBodyBytes = maxBodyBytes
    }

    /// Consumes what `buffer` holds beyond the last call.
    /// - Returns: the index just past the body when it is complete, nil when more bytes are needed.
    /// - Throws: `HTTPParseError.malformedChunk` or `.bodyTooLarge`.
    mutating func advance(over buffer: [UInt8]) throws(HTTPParseError) -> Int? {
        while true {
            switch phase {
            case .size:
                guard let lineEnd = try findLineEnd(in: buffer) else { return nil }
                let size = try chunkSize(buffer[cursor..<lineEnd])
                cursor = lineEnd + 2
                guard body.count + size <= maxBodyBytes else { throw .bodyTooLarge }
                phase = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                let available = min(remaining, buffer.count - cursor)
                guard available > 0 else { return nil }
                body.append(contentsOf: buffer[cursor..<(cursor + available)])
                cursor += available
                phase = remaining == available ? .dataEnd : .data(remaining: remaining - available)
            case .dataEnd:
                guard buffer.count >= cursor + 2 else { return nil }
                guard buffer[cursor] == 13, buffer[cursor + 1] == 10 else { throw .malformedChunk }
                cursor += 2
                phase = .size
            case .trailers:
                guard let lineEnd = try findLineEnd(in: buffer) else { return nil }
                let isBlank = lineEnd == cursor
                cursor = lineEnd + 2
                if isBlank { return cursor }
            }
        }
    }

    /// Index of the CR of the next CRLF at or after the cursor; lines longer than 4 KiB are refused.
    private func findLineEnd(in buffer: [UInt8]) throws(HTTPParseError) -> Int? {
        var index = cursor
        while index + 1 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10 { return index }
            index += 1
            if index - cursor > 4096 { throw .malformedChunk }
        }
        return nil
    }

    private func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") }
        let text = String(decoding: digits, as: UTF8.self).trimmed
        guard !text.isEmpty, text.count <= 15, let size = Int(text, radix: 16), size >= 0 else {
            throw .malformedChunk
        }
        return size
    }
}
