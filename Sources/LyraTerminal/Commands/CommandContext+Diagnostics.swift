// How a diagnostic on stderr starts: `lyra: line N: ` for a line of a script or `-c`, plain `lyra: `
// for a one-shot PROMPT (which has no line number).
import Foundation

extension CommandContext {
    /// `lyra: line N: `, or `lyra: ` when no numbered line is running.
    var diagnosticPrefix: String {
        lineNumber > 0 ? "lyra: line \(lineNumber): " : "lyra: "
    }
}
