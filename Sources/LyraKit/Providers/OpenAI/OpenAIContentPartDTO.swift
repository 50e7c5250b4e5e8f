// A content part of an OpenAI-compatible message (SPEC §13): `{"type": "text", "text": "…"}` or
// `{"type": "image_url", "image_url": {"url": "data:image/png;base64,…"}}`.
import Foundation

/// One part of a message's content.
public struct OpenAIContentPartDTO: Encodable, Equatable, Sendable {
    /// `text` or `image_url`.
    public var type: String
    /// The text of a text part.
    public var text: String?
    /// The URL of an image part.
    public var imageURL: String?

    enum CodingKeys: String, CodingKey { case type, text, imageURL = "image_url" }
    enum ImageKeys: String, CodingKey { case url }

    /// The text part (when there is text), then one image part per URL.
    public static func parts(text: String?, imageURLs: [String]) -> [OpenAIContentPartDTO] {
        let textPart = text.map { [OpenAIContentPartDTO(type: "text", text: $0)] } ?? []
        return textPart + imageURLs.map { OpenAIContentPartDTO(type: "image_url", imageURL: $0) }
    }

    /// Encodes `type` and its member.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(text, forKey: .text)
        if let imageURL {
            var image = container.nestedContainer(keyedBy: ImageKeys.self, forKey: .imageURL)
            try image.encode(imageURL, forKey: .url)
        }
    }
}
