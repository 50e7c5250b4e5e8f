// Feeds video template ids and names to Tab completion, sanitised and on one line: from
// `/video templates`, from a generation, or loaded on the first Tab after `/video `.
import Foundation
import LyraKit

/// The completion words of a template list.
enum TemplateCompletion {
    /// Ids and names (duplicates dropped), ready for `CompletionData`.
    static func names(_ templates: [VideoTemplateDTO]) -> [CompletionData.Kind: [String]] {
        var seen = Set<String>()
        let names = templates.map { TextSanitizer.singleLine($0.name) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        return [.templateIDs: templates.map { TextSanitizer.singleLine($0.id.value) }, .templateNames: names]
    }

    /// Stores the ids and names of `templates` for completion.
    static func remember(_ templates: [VideoTemplateDTO], in data: CompletionData) {
        for (kind, words) in names(templates) { data.set(kind, words) }
    }

    /// A loader for the first Tab: the run's cached template list (fetched once); nothing when the
    /// backend is not configured or does not answer.
    @MainActor
    static func loader(services: AppServices) -> CompletionData.Loader {
        return { @MainActor in
            guard let service = try? services.videoService(), let templates = try? await service.templates() else {
                return [:]
            }
            return names(templates)
        }
    }
}
