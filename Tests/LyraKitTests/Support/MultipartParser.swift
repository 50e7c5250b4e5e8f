// A small multipart/form-data parser for tests, so MultipartFormData is checked by reading its
// own output back: boundaries, CRLFs, part headers and contents.
import Foundation

/// One parsed part.
struct ParsedPart: Equatable {
    let headers: [String: String]
    let body: Data

    /// The `name` parameter of Content-Disposition.
    var name: String? { parameter("name") }
    /// The `filename` parameter of Content-Disposition.
    var filename: String? { parameter("filename") }

    private func parameter(_ key: String) -> String? {
        guard let disposition = headers["content-disposition"] else { return nil }
        for piece in disposition.components(separatedBy: ";") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(key + "=\"") && trimmed.hasSuffix("\"") {
                return String(trimmed.dropFirst(key.count + 2).dropLast())
            }
        }
        return nil
    }
}

/// Errors the parser reports for malformed bodies.
struct MultipartParseError: Error, Equatable {
    let reason: String
}

/// Parses `body` delimited by `boundary`, requiring exact CRLFs and the closing delimiter.
func parseMultipart(_ body: Data, boundary: String) throws -> [ParsedPart] {
    let delimiter = Data("--\(boundary)".utf8)
    let crlf = Data("\r\n".utf8)
    guard body.starts(with: delimiter + crlf) else { throw MultipartParseError(reason: "no opening delimiter") }
    guard body.suffix(delimiter.count + 4) == delimiter + Data("--\r\n".utf8) else {
        throw MultipartParseError(reason: "no closing delimiter")
    }
    var parts: [ParsedPart] = []
    var cursor = body.startIndex + delimiter.count + 2
    let separator = crlf + delimiter
    while let next = body.range(of: separator, in: cursor ..< body.endIndex) {
        let section = body[cursor ..< next.lowerBound]
        guard let headerEnd = section.range(of: crlf + crlf) else { throw MultipartParseError(reason: "no header end") }
        var headers: [String: String] = [:]
        for line in String(decoding: section[..<headerEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { throw MultipartParseError(reason: "bad header \(line)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        parts.append(ParsedPart(headers: headers, body: Data(section[headerEnd.upperBound...])))
        cursor = next.upperBound
        if body[cursor...].starts(with: Data("--".utf8)) { return parts }
        guard body[cursor...].starts(with: crlf) else { throw MultipartParseError(reason: "no CRLF after delimiter") }
        cursor += 2
    }
    throw MultipartParseError(reason: "unterminated part")
}
