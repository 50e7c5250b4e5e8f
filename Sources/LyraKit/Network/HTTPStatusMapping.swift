// SPEC §4's HTTP status mapping: 401/403 → unauthorized, 402 → subscription required,
// 429 → rate limited (with Retry-After), other non-2xx → invalidResponse with the body's `detail`.
import Foundation

/// Turns a response status and body into an `APIError`, or nothing for 2xx.
public enum HTTPStatusMapping {
    /// The error for `response`, or nil when its status is 2xx.
    public static func error(for response: HTTPResponseHead, body: Data, now: Date = Date()) -> APIError? {
        let code = response.statusCode
        switch code {
        case 200 ..< 300: return nil
        case 401, 403: return .unauthorized
        case 402: return .subscriptionRequired
        case 429: return .rateLimited(retryAfter: retryAfter(response.value(forHeader: "Retry-After"), now: now))
        default: return .invalidResponse(statusCode: code, detail: detail(from: body))
        }
    }

    /// The `detail` of a FastAPI-style error body: a string, or the `msg` of each entry of a list.
    /// Falls back to `message` or `error` strings; nil when the body is not such JSON. The text is
    /// sanitised and put on one line (a newline must not forge a diagnostic line).
    public static func detail(from body: Data) -> String? {
        guard let object = try? JSONDecoder().decode(ErrorBody.self, from: body) else { return nil }
        let text = object.detail ?? object.message ?? object.error
        guard let text else { return nil }
        let line = TextSanitizer.singleLine(text, limit: 500)
        return line.isEmpty ? nil : line
    }

    /// Seconds to wait from a `Retry-After` value: a number of seconds or an HTTP date.
    public static func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite, seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    private struct ErrorBody: Decodable {
        var detail: String?
        var message: String?
        var error: String?

        enum CodingKeys: String, CodingKey { case detail, message, error }
        private struct ValidationIssue: Decodable { var msg: String? }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try? container.decodeIfPresent(String.self, forKey: .detail) {
                detail = text
            } else if let issues = try? container.decodeIfPresent([ValidationIssue].self, forKey: .detail) {
                let messages = issues.compactMap(\.msg)
                detail = messages.isEmpty ? nil : messages.joined(separator: "; ")
            }
            message = try? container.decodeIfPresent(String.self, forKey: .message)
            error = try? container.decodeIfPresent(String.self, forKey: .error)
        }
    }
}
