// The templates response, which comes as `{"templates": [...]}` or as a bare array.
import Foundation

/// A list of templates in either of the backend's two shapes.
public struct TemplateListDTO: Codable, Equatable, Sendable {
    /// The templates, in server order.
    public var templates: [VideoTemplateDTO]

    /// Creates a list.
    public init(templates: [VideoTemplateDTO]) {
        self.templates = templates
    }

    enum CodingKeys: String, CodingKey {
        case templates
    }

    /// Decodes a bare array, or an object with a `templates` array.
    public init(from decoder: any Decoder) throws {
        if let array = try? decoder.singleValueContainer().decode([VideoTemplateDTO].self) {
            templates = array
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        templates = try container.decode([VideoTemplateDTO].self, forKey: .templates)
    }

    /// Encodes the object form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(templates, forKey: .templates)
    }
}
