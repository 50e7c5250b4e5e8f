// Reads a stream chunk straight from its bytes (one chunk a token, so `JSONDecoder` would dominate
// the CPU of a streamed reply). Same result as `init(from:)`; unsure shapes return nil for it.

extension OpenAIChatChunkDTO {
    /// The chunk in `bytes` exactly as `JSONDecoder` would decode it, or nil when the bytes are not
    /// a shape the byte scanner is sure of (an `error` member, escaped keys, repeated members,
    /// fractional or negative counts, lone surrogates, invalid UTF-8, bad JSON): decode those with
    /// `JSONDecoder`.
    init?(scanning bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = JSONByteScanner(bytes)
        var chunk = OpenAIChatChunkDTO()
        let read = JSONByteScanner.readObject(&scanner, keys: Self.chunkKeys) { key, scanner in
            switch key {
            case 0: return chunk.readModel(&scanner)
            case 1: return chunk.readChoices(&scanner)
            case 2: return chunk.readUsage(&scanner)
            default: return scanner.skipNull()   // an error is rare: JSONDecoder reads it
            }
        }
        guard read, scanner.isAtEnd() else { return nil }
        self = chunk
    }

    private mutating func readModel(_ scanner: inout JSONByteScanner) -> Bool {
        guard let value = scanner.optionalString() else { return false }
        model = value
        return true
    }

    /// `choices`: only the first one counts, and only when it is an object.
    private mutating func readChoices(_ scanner: inout JSONByteScanner) -> Bool {
        guard scanner.consume(UInt8(ascii: "[")) else { return scanner.skipValue(depth: 1) }
        if scanner.consume(UInt8(ascii: "]")) { return true }
        var first = true
        while true {
            if first, scanner.peek() == UInt8(ascii: "{") {
                guard readChoice(&scanner) else { return false }
            } else {
                guard scanner.skipValue(depth: 2) else { return false }
            }
            first = false
            guard let more = scanner.next(closing: UInt8(ascii: "]")) else { return false }
            if !more { return true }
        }
    }

    private mutating func readChoice(_ scanner: inout JSONByteScanner) -> Bool {
        var finish: String?, hasDelta = false
        var delta = OpenAIChatChunkDTO()
        let read = JSONByteScanner.readObject(&scanner, keys: Self.choiceKeys) { key, scanner in
            if key == 1 {
                guard let value = scanner.optionalString() else { return false }
                finish = value
                return true
            }
            guard scanner.peek() == UInt8(ascii: "{") else { return scanner.skipValue(depth: 2) }
            hasDelta = true
            return delta.readDelta(&scanner)
        }
        guard read else { return false }
        finishReason = finish
        if hasDelta {
            role = delta.role
            content = delta.content
        }
        return true
    }

    private mutating func readDelta(_ scanner: inout JSONByteScanner) -> Bool {
        JSONByteScanner.readObject(&scanner, keys: Self.deltaKeys) { key, scanner in
            guard let value = scanner.optionalString() else { return false }
            if key == 0 { role = value } else { content = value }
            return true
        }
    }

    private mutating func readUsage(_ scanner: inout JSONByteScanner) -> Bool {
        guard scanner.peek() == UInt8(ascii: "{") else { return scanner.skipValue(depth: 1) }
        var counts = OpenAIUsageDTO(promptTokens: nil, completionTokens: nil)
        let read = JSONByteScanner.readObject(&scanner, keys: Self.usageKeys) { key, scanner in
            guard let value = scanner.optionalCount() else { return false }
            if key == 0 { counts.promptTokens = value } else { counts.completionTokens = value }
            return true
        }
        usage = counts
        return read
    }

    private static let chunkKeys = [Array("model".utf8), Array("choices".utf8), Array("usage".utf8), Array("error".utf8)]
    private static let choiceKeys = [Array("delta".utf8), Array("finish_reason".utf8)]
    private static let deltaKeys = [Array("role".utf8), Array("content".utf8)]
    private static let usageKeys = [Array("prompt_tokens".utf8), Array("completion_tokens".utf8)]
}
