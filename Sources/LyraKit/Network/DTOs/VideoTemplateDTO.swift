// One video template from `GET /pixverse/api/v1/get_templates/{appID}`: an id (number or
// string), a name, and optional extras decoded leniently so one odd field never loses the list.
import Foundation

/// A template a video can be generated from.
public struct VideoTemplateDTO: Codable, Equatable, Sendable {
    /// The template id (sent back as `template_id`).
    public var id: FlexibleID
    /// The display name (the id when the server sends none).
    public var name: String
    /// A longer description.
    public var description: String?
    /// A category or group.
    public var category: String?
    /// A preview image or video URL.
    public var previewURL: String?
    /// A default prompt for the template.
    public var prompt: String?

    /// Creates a template.
    public init(id: FlexibleID, name: String, description: String? = nil, category: String? = nil,
                previewURL: String? = nil, prompt: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.category = category
        self.previewURL = previewURL
        self.prompt = prompt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, title, description, category, prompt
        case previewURL = "preview_url"
    }

    /// Decodes `id` (required) and the rest leniently: a field of an unexpected type is dropped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(FlexibleID.self, forKey: .id)
        let name = (try? container.decodeIfPresent(String.self, forKey: .name))
            ?? (try? container.decodeIfPresent(String.self, forKey: .title))
        self.name = name ?? id.value
        description = try? container.decodeIfPresent(String.self, forKey: .description)
        category = try? container.decodeIfPresent(String.self, forKey: .category)
        previewURL = try? container.decodeIfPresent(String.self, forKey: .previewURL)
        prompt = try? container.decodeIfPresent(String.self, forKey: .prompt)
    }

    /// Encodes the known fields (nil ones omitted).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(previewURL, forKey: .previewURL)
        try container.encodeIfPresent(prompt, forKey: .prompt)
    }
}
