// How `/video templates` prints the list: aligned id and name (and the description, muted) in
// the REPL; `id<TAB>name` lines in scripts; one JSON document with `--json`. Server text sanitized.
import Foundation
import LyraKit

/// Renders the template list.
public enum VideoTemplateListing {
    /// The REPL view: one line per template, ids padded to one column.
    public static func table(_ templates: [VideoTemplateDTO], theme: Theme) -> String {
        guard !templates.isEmpty else { return theme.paint("no templates", .muted) + "\n" }
        let ids = templates.map { oneLine($0.id.value) }
        let width = ids.map { DisplayWidth.columns(of: $0) }.max() ?? 0
        return zip(ids, templates).map { id, template in
            var line = theme.paint(DisplayWidth.pad(id, toColumns: width), .accent) + "  " + oneLine(template.name)
            if let description = template.description.map(oneLine), !description.isEmpty {
                line += theme.paint(" — " + description, .muted)
            }
            return line + "\n"
        }.joined()
    }

    /// The script view: `id<TAB>name` per line.
    public static func plain(_ templates: [VideoTemplateDTO]) -> String {
        templates.map { oneLine($0.id.value) + "\t" + oneLine($0.name) + "\n" }.joined()
    }

    /// `{"templates": [{"id": 1, "name": "…", …}]}` with sorted keys and a final newline.
    /// - Throws: `EncodingError` (not expected for these values).
    public static func json(_ templates: [VideoTemplateDTO]) throws -> String {
        let cleaned = templates.map { template -> VideoTemplateDTO in
            var copy = template
            copy.name = TextSanitizer.sanitize(template.name)
            copy.description = template.description.map(TextSanitizer.sanitize)
            copy.category = template.category.map(TextSanitizer.sanitize)
            copy.previewURL = template.previewURL.map(TextSanitizer.sanitize)
            copy.prompt = template.prompt.map(TextSanitizer.sanitize)
            return copy
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(TemplateListDTO(templates: cleaned))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Sanitized text on one line (tabs and newlines become spaces).
    static func oneLine(_ text: String) -> String {
        String(TextSanitizer.sanitize(text).map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    }
}
