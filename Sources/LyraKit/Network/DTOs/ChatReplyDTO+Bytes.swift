// Reads a chat reply straight from its bytes (every scripted turn decodes one, and `JSONDecoder`
// was a tenth of the turn's work on the session store's thread). Same result as `init(from:)`;
// shapes the byte scanner is unsure of return nil and go to `JSONDecoder`.
import Foundation

extension ChatReplyDTO {
    /// The reply in `data` exactly as `JSONDecoder` would decode it, or nil when the bytes are not a
    /// shape the byte scanner is sure of (a missing or non-string `assistant_message`, a `chat_id`
    /// that is neither a string, a whole number ≥ 0 nor null, escaped or repeated keys, lone
    /// surrogates, invalid UTF-8 anywhere, bad JSON): decode those with `JSONDecoder`.
    init?(scanning data: Data) {
        let reply = data.withUnsafeBytes { raw -> ChatReplyDTO? in
            Self.scan(UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                          count: raw.count))
        }
        guard let reply else { return nil }
        self = reply
    }

    private static let keys: [[UInt8]] = [Array("chat_id".utf8), Array("assistant_message".utf8)]

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> ChatReplyDTO? {
        // JSONDecoder refuses invalid UTF-8 in keys (not in skipped values): any is left to it.
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var scanner = JSONByteScanner(bytes)
        var chatID: FlexibleID?
        var message: String?
        let read = JSONByteScanner.readObject(&scanner, keys: keys) { key, scanner in
            if key == 1 {
                guard scanner.peek() == UInt8(ascii: "\""), let text = scanner.optionalString() else { return false }
                message = text
                return true
            }
            if scanner.peek() == UInt8(ascii: "\"") {
                guard let text = scanner.optionalString(), let text else { return false }
                chatID = FlexibleID(text)
                return true
            }
            if scanner.peek() == UInt8(ascii: "n") { return scanner.skipNull() }
            guard let count = scanner.optionalCount(), let count else { return false }
            chatID = FlexibleID(Int64(count))
            return true
        }
        guard read, scanner.isAtEnd(), let message else { return nil }
        return ChatReplyDTO(chatID: chatID, assistantMessage: message)
    }
}
