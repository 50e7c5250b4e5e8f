// How assistant replies are shown on a terminal (SPEC §9): rendered from Markdown, or raw text.
import Foundation

/// The `render` setting.
public enum RenderMode: String, Sendable, Equatable, CaseIterable {
    /// Headings, emphasis, code blocks, lists, tables… rendered for the terminal.
    case markdown
    /// The reply's raw text.
    case plain
}
