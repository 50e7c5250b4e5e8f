// `/sessions` output: a table (number, title, message count, last update in local time) or, with
// `--json`, one JSON array of {number, id, title, messages, updatedAt}.
import Foundation
import LyraKit
#if canImport(Glibc)
import Glibc
#endif

/// Renders a session listing.
enum SessionListView {
    /// The widest title column, in terminal columns.
    static let titleColumns = 40

    /// One line per session, most recent first; `*` marks the current session.
    static func table(_ sessions: [SessionSummary], currentID: String?, theme: Theme) -> String {
        var titles: [(text: String, columns: Int)] = sessions.map { session in
            let title = displayTitle(session.title)
            let columns = DisplayWidth.columns(of: title)
            guard columns > titleColumns else { return (title, columns) }
            let cut = DisplayWidth.truncate(title, toColumns: titleColumns)
            return (cut, DisplayWidth.columns(of: cut))
        }
        let titleWidth = titles.map(\.columns).max() ?? 0
        let numberWidth = String(sessions.map(\.number).max() ?? 0).count
        var lines: [String] = []
        lines.reserveCapacity(sessions.count)
        for (index, session) in sessions.enumerated() {
            let number = String(session.number)
            let marker = session.id == currentID ? "*" : " "
            let count = "\(session.messageCount) message\(session.messageCount == 1 ? "" : "s")"
            let line = spaces(numberWidth - number.count) + theme.paint(number, .accent) + marker + " "
                + titles[index].text + spaces(titleWidth - titles[index].columns) + "  "
                + count + spaces(12 - count.count) + "  " + theme.paint(localTime(session.updatedAt), .muted)
            lines.append(line)
        }
        titles.removeAll()
        return lines.joined(separator: "\n")
    }

    private static func spaces(_ count: Int) -> String {
        count > 0 ? String(repeating: " ", count: count) : ""
    }

    /// The listing as one JSON document (an array, most recent first), laid out as
    /// pretty JSON with a two-space indent.
    static func json(_ sessions: [SessionSummary]) -> String {
        String(decoding: jsonBytes(sessions), as: UTF8.self)
    }

    /// ``json(_:)`` as UTF-8 bytes, written straight into one buffer (100,000 sessions list fast)
    /// and safe to print (``JSONText/printable(_:)``).
    static func jsonBytes(_ sessions: [SessionSummary]) -> [UInt8] {
        guard !sessions.isEmpty else { return Array("[]".utf8) }
        var output: [UInt8] = []
        output.reserveCapacity(sessions.count * 200)
        output.append(contentsOf: "[\n".utf8)
        for (index, row) in sessions.enumerated() {
            output.append(contentsOf: JSONFragment.number)
            output.append(contentsOf: String(row.number).utf8)
            output.append(contentsOf: JSONFragment.id)
            JSONText.appendString(row.id, to: &output)
            output.append(contentsOf: JSONFragment.title)
            JSONText.appendString(row.title, to: &output)
            output.append(contentsOf: JSONFragment.messages)
            output.append(contentsOf: String(row.messageCount).utf8)
            output.append(contentsOf: JSONFragment.updatedAt)
            ChatTimestamp.append(row.updatedAt, to: &output)
            output.append(contentsOf: index < sessions.count - 1 ? JSONFragment.endComma : JSONFragment.end)
        }
        output.append(UInt8(ascii: "]"))
        return JSONText.printable(output)
    }

    /// The fixed text of one JSON row, as bytes.
    private enum JSONFragment {
        static let number = Array("  {\n    \"number\": ".utf8)
        static let id = Array(",\n    \"id\": ".utf8)
        static let title = Array(",\n    \"title\": ".utf8)
        static let messages = Array(",\n    \"messages\": ".utf8)
        static let updatedAt = Array(",\n    \"updatedAt\": \"".utf8)
        static let endComma = Array("\"\n  },\n".utf8)
        static let end = Array("\"\n  }\n".utf8)
    }

    /// A title fit for one line of a terminal (or `(untitled)`).
    static func displayTitle(_ title: String) -> String {
        let clean = TextSanitizer.singleLine(title)
        return clean.isEmpty ? "(untitled)" : clean
    }

    /// `yyyy-MM-dd HH:mm` in the local time zone (`TZ`).
    static func localTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return ChatTimestamp.string(from: date) }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min))"
    }
}
