// How `/usage` prints its report: an aligned table (model names sanitised), or one JSON document.
import Foundation
import LyraKit

/// Text forms of a `UsageReport`.
enum UsageText {
    /// `{"models": [{"model", "promptTokens", "completionTokens", "reasoningTokens", "replies", "cost"}], "total": {…}}`.
    /// - Throws: `CommandError.failed` when it cannot be encoded.
    static func json(_ report: UsageReport) throws -> String {
        func object(_ totals: UsageTotals) -> [String: Any] {
            var object: [String: Any] = [
                "promptTokens": totals.promptTokens, "completionTokens": totals.completionTokens,
                "reasoningTokens": totals.reasoningTokens, "replies": totals.replies,
                "cost": totals.cost ?? NSNull(),
            ]
            if let model = totals.model { object["model"] = model }
            return object
        }
        let document: [String: Any] = ["models": report.models.map(object), "total": object(report.total)]
        do {
            let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
            return JSONText.string(from: data) + "\n"
        } catch {
            throw CommandError.failed("cannot encode the usage report as JSON")
        }
    }

    /// One row per model and a total row; `no usage saved yet` when there is none.
    static func table(_ report: UsageReport, theme: Theme, styled: Bool) -> String {
        guard !report.models.isEmpty else { return "no usage saved yet\n" }
        let header = ["model", "prompt", "completion", "reasoning", "replies", "cost"]
        var rows = report.models.map { row($0, name: TextSanitizer.singleLine($0.model ?? "")) }
        rows.append(row(report.total, name: "total"))
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { DisplayWidth.columns(of: $0[column]) }.max() ?? 0 }
        var lines: [String] = []
        for (index, cells) in all.enumerated() {
            let padded = cells.enumerated().map { column, cell in
                let gap = String(repeating: " ", count: widths[column] - DisplayWidth.columns(of: cell))
                return column == 0 ? cell + gap : gap + cell
            }
            let line = padded.joined(separator: "  ")
            lines.append(styled && (index == 0 || index == all.count - 1) ? theme.paint(line, .muted) : line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ totals: UsageTotals, name: String) -> [String] {
        [name, String(totals.promptTokens), String(totals.completionTokens), String(totals.reasoningTokens),
         String(totals.replies), totals.cost.map { String(format: "$%.4f", $0) } ?? "—"]
    }
}
