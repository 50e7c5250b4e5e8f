// `lyra --man`: the manual page in roff, its OPTIONS made from `LaunchOptionCatalog` and its
// COMMANDS from the command registry, so that it names every option and command there is.
// docs/lyra.1 is this text, checked in (`make man` writes it; a test fails when they differ).
import Foundation

/// The manual page of `lyra`.
public enum ManualPage {
    /// The whole page for `commands`, ending in a newline.
    public static func text(commands: CommandRegistry) -> String {
        var page = opening + "\n.SH OPTIONS\n"
        page += LaunchOptionCatalog.options.map(entry).joined()
        page += ".SS \"lyra serve\"\n" + serveIntroduction + "\n"
        page += LaunchOptionCatalog.serveOptions.map(entry).joined()
        page += ".SH COMMANDS\n"
        page += commands.commands.map(entry).joined()
        return page + closing + "\n"
    }

    /// One option: its names in bold, the placeholder in italics, the summary and details.
    static func entry(_ spec: LaunchOptionSpec) -> String {
        var tag = spec.names.map { "\\fB" + escape($0) + "\\fR" }.joined(separator: ", ")
        if let placeholder = spec.argument.placeholder { tag += " \\fI" + escape(placeholder) + "\\fR" }
        var body = sentence(spec.summary)
        if !spec.details.isEmpty { body += "\n" + escape(spec.details) }
        return ".TP\n" + tag + "\n" + body + "\n"
    }

    /// One command: its first form as the tag, then the summary, the other forms and the details.
    static func entry(_ command: any Command) -> String {
        let forms = command.usage.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
        var text = ".TP\n\\fB" + escape(forms.first ?? "/" + command.name) + "\\fR\n" + sentence(command.summary) + "\n"
        if !command.aliases.isEmpty {
            text += "Also " + command.aliases.map { "\\fB/" + escape($0) + "\\fR" }.joined(separator: ", ") + ".\n"
        }
        for form in forms.dropFirst() { text += ".br\n\\fB" + escape(form) + "\\fR\n" }
        if !command.details.isEmpty {
            text += ".IP\n" + command.details.split(separator: "\n").map { escape(String($0)) }.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// `text` with a capital first letter and a full stop, escaped.
    private static func sentence(_ text: String) -> String {
        var text = text.prefix(1).uppercased() + text.dropFirst()
        if !text.hasSuffix(".") { text += "." }
        return escape(text)
    }

    /// `text` safe inside a roff line: backslashes and hyphens escaped, characters outside ASCII as
    /// `\[uXXXX]`, no line starting with a control character.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default: escaped += "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
