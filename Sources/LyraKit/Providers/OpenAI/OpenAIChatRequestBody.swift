// The body of a chat request with a long history (issue 34): the request's other members encoded
// once (`OpenAIChatRequestDTO.body()` with no messages), and the messages written straight from the
// session's messages into the `"messages":[]` it leaves — while libcurl sends them, piece by piece,
// so a 50,000-message history is neither copied into wire objects nor held whole as bytes.
import Foundation

/// The messages of a chat request: the system prompt, the history as stored, then the new message,
/// the tool rounds and a reply prefix. Each is made into its wire form only when it is written.
struct OpenAIChatMessageList: Sendable {
    /// Before the history: the system prompt.
    var leading: [OpenAIChatMessageDTO] = []
    /// The earlier messages, as the session holds them (shared, not copied).
    var history: ArraySlice<ChatMessage> = []
    /// The image data URLs of the history's messages that carry images, by position in `history`
    /// (0 for its first message).
    var historyImages: [Int: [String]] = [:]
    /// After the history: the new message, the tool rounds, a reply prefix.
    var trailing: [OpenAIChatMessageDTO] = []

    /// How many messages there are.
    var count: Int { leading.count + history.count + trailing.count }

    /// Message `index` in its wire form.
    subscript(index: Int) -> OpenAIChatMessageDTO {
        if index < leading.count { return leading[index] }
        let position = index - leading.count
        guard position < history.count else { return trailing[position - history.count] }
        var message = OpenAIChatMessageDTO(message: history[history.startIndex + position])
        message.imageURLs = historyImages[position] ?? []
        return message
    }

    /// Whether message `index` carries images (whose data URLs are streamed from their files).
    func hasImages(_ index: Int) -> Bool {
        if index < leading.count { return !leading[index].imageURLs.isEmpty }
        let position = index - leading.count
        guard position < history.count else { return !trailing[position - history.count].imageURLs.isEmpty }
        return historyImages[position] != nil
    }

    /// Appends message `index` as JSON, after a comma unless it is the first.
    func appendElement(_ index: Int, to output: inout [UInt8]) {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        self[index].appendJSON(to: &output)
    }
}

/// Puts a chat request's body together.
enum OpenAIChatRequestBody {
    /// Bodies up to this size (without images) are sent from one buffer.
    static let inMemoryLimit = 1 << 20

    /// The body: `framing` (the request encoded with `"messages":[]`) with `messages` in that array;
    /// images streamed from their files (`images` handed out their data URLs' markers).
    /// - Throws: `ProviderError.invalidResponse` when `framing` has no empty messages array.
    static func make(framing: Data, messages: OpenAIChatMessageList, images: OpenAIImageBody) throws -> HTTPRequestBody {
        guard let found = framing.firstRange(of: Data(#""messages":[]"#.utf8)) else {
            throw ProviderError.invalidResponse("cannot encode the request")
        }
        let close = found.upperBound - 1   // the `]`
        var parts: [HTTPBodyPart] = [.bytes(Data(framing[..<close]))]
        var runStart = 0
        func flushRun(upTo end: Int) {
            guard end > runStart else { return }
            let start = runStart
            parts.append(.generated(HTTPGeneratedBody(pieceCount: end - start) { piece, output in
                messages.appendElement(start + piece, to: &output)
            }))
        }
        for index in 0..<messages.count where messages.hasImages(index) {
            flushRun(upTo: index)
            var element: [UInt8] = []
            messages.appendElement(index, to: &element)
            parts += images.parts(of: Data(element))
            runStart = index + 1
        }
        flushRun(upTo: messages.count)
        parts.append(.bytes(Data(framing[close...])))
        return inMemory(parts) ?? .parts(parts)
    }

    /// The parts as one buffer when they are all in memory and small; nil otherwise.
    private static func inMemory(_ parts: [HTTPBodyPart]) -> HTTPRequestBody? {
        var total: Int64 = 0
        for part in parts {
            switch part {
            case let .bytes(data): total += Int64(data.count)
            case let .generated(body): total += body.length
            case .file, .base64File: return nil
            }
        }
        guard total <= Int64(inMemoryLimit) else { return nil }
        var data = Data(capacity: Int(total))
        for part in parts {
            if case let .bytes(bytes) = part { data.append(bytes) }
            if case let .generated(body) = part { data.append(contentsOf: body.bytes()) }
        }
        return .bytes(data)
    }
}
