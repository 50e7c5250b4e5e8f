// Finds the template a user means by `TEMPLATE`: an exact id first, then a name (any case),
// then a unique name prefix (any case). Anything else is refused before an upload.
import Foundation

/// Resolves a user's template reference against the backend's list.
public enum TemplateMatcher {
    /// The template `reference` names.
    /// - Throws: `VideoError.unknownTemplate` when nothing matches, `.ambiguousTemplate` when
    ///   several names match equally well.
    public static func match(_ reference: String, in templates: [VideoTemplateDTO]) throws(VideoError) -> VideoTemplateDTO {
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { throw .unknownTemplate(reference) }
        if let byID = templates.first(where: { $0.id.value == wanted }) { return byID }
        let key = wanted.lowercased()
        let exact = templates.filter { $0.name.lowercased() == key }
        if let only = try single(exact, reference: reference) { return only }
        let prefixed = templates.filter { $0.name.lowercased().hasPrefix(key) }
        if let only = try single(prefixed, reference: reference) { return only }
        throw .unknownTemplate(TextSanitizer.singleLine(reference, limit: 80))
    }

    private static func single(_ matches: [VideoTemplateDTO], reference: String) throws(VideoError) -> VideoTemplateDTO? {
        if matches.count > 1 {
            throw .ambiguousTemplate(TextSanitizer.singleLine(reference, limit: 80),
                                     matches: matches.map { "\($0.id.value) (\(TextSanitizer.singleLine($0.name, limit: 60)))" })
        }
        return matches.first
    }
}
