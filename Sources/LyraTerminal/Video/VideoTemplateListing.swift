// How `/video templates` prints the list: aligned id and name (and the description, muted) in
// the REPL; `id<TAB>name` lines in scripts; one JSON document with `--json`. Server text sanitized.
import Foundation
import LyraKit

/// Renders the template list.
public enum VideoTemplateListing {
    /// The REPL view: one line per template, ids padded to one column.
    public static func table(_ templates: [VideoTemplateDTO], theme: Theme) -> String {
        guard !templates.isEmpty else { return theme.paint("no templates", .muted) + "\n" }
        let ids = templates.map { TextSanitizer.singleLine($0.id.value) }
        let width = ids.map { DisplayWidth.columns(of: $0) }.max() ?? 0
        return zip(ids, templates).map { id, template in
            var line = theme.paint(DisplayWidth.pad(id, toColumns: width), .accent) + "  " + TextSanitizer.singleLine(template.name)
            if let description = template.description.map({ TextSanitizer.singleLine($0) }), !description.isEmpty {
                line += theme.paint(" — " + description, .muted)
            }
            return line + "\n"
        }.joined()
    }

    /// The script view: `id<TAB>name` per line.
    public static func plain(_ templates: [VideoTemplateDTO]) -> String {
        templates.map { TextSanitizer.singleLine($0.id.value) + "\t" + TextSanitizer.singleLine($0.name) + "\n" }.joined()
    }

    /// `{"templates": [{"id": 1, "name": "…", …}]}` with sorted keys and a final newline; server
    /// text is kept, its controls escaped as `\uXXXX` (``JSONText``).
    /// - Throws: `EncodingError` (not expected for these values).
    public static func json(_ templates: [VideoTemplateDTO]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(TemplateListDTO(templates: templates))
        return JSONText.string(from: data) + "\n"
    }
}
