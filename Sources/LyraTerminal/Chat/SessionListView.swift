// `/sessions` output: a table (number, title, message count, last update in local time) or, with
// `--json`, one JSON array of {number, id, title, messages, updatedAt}.
import Foundation
import LyraKit

/// Renders a session listing.
enum SessionListView {
    /// The widest title column, in terminal columns.
    static let titleColumns = 40

    /// One line per session, most recent first; `*` marks the current session.
    static func table(_ sessions: [SessionSummary], currentID: String?, theme: Theme,
                      timeZone: TimeZone = .current) -> String {
        let titles = sessions.map { DisplayWidth.truncate(displayTitle($0.title), toColumns: titleColumns) }
        let titleWidth = titles.map(DisplayWidth.columns(of:)).max() ?? 0
        let numberWidth = String(sessions.count).count
        var lines: [String] = []
        for (index, session) in sessions.enumerated() {
            let number = String(index + 1)
            let marker = session.id == currentID ? "*" : " "
            let count = "\(session.messageCount) message\(session.messageCount == 1 ? "" : "s")"
            let line = String(repeating: " ", count: numberWidth - number.count) + theme.paint(number, .accent)
                + marker + " " + DisplayWidth.pad(titles[index], toColumns: titleWidth) + "  "
                + count.padding(toLength: max(count.count, 12), withPad: " ", startingAt: 0) + "  "
                + theme.paint(localTime(session.updatedAt, timeZone: timeZone), .muted)
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The listing as one JSON document (an array, most recent first).
    static func json(_ sessions: [SessionSummary]) -> String {
        OrderedJSON.array(sessions.enumerated().map { index, session in
            .object([
                ("number", .int(index + 1)), ("id", .string(session.id)), ("title", .string(session.title)),
                ("messages", .int(session.messageCount)),
                ("updatedAt", .string(ChatTimestamp.string(from: session.updatedAt))),
            ])
        }).rendered()
    }

    /// A title fit for one line of a terminal (or `(untitled)`).
    static func displayTitle(_ title: String) -> String {
        let clean = ChatSession.singleLine(TextSanitizer.sanitize(title))
        return clean.isEmpty ? "(untitled)" : clean
    }

    /// `yyyy-MM-dd HH:mm` in `timeZone`.
    static func localTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }
}
