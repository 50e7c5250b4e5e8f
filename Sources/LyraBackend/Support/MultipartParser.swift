// Parses multipart/form-data bodies (RFC 7578) into parts; every malformed input is a typed error.

/// One part of a multipart/form-data body.
struct MultipartPart: Sendable, Equatable {
    var name: String?
    var filename: String?
    var contentType: String?
    var body: [UInt8]

    /// The body as text when this is a text part (no filename) holding valid UTF-8.
    var text: String? {
        guard filename == nil else { return nil }
        return String(validating: body, as: UTF8.self)
    }
}

/// Why a multipart body could not be read.
enum MultipartError: Error, Equatable {
    case missingBoundary
    case missingOpeningDelimiter
    case malformedPartHeaders(partIndex: Int)
    case missingClosingDelimiter
    case noParts

    /// The `detail` text for a 400/422 answer.
    var detail: String {
        switch self {
        case .missingBoundary: return "multipart body without a boundary parameter in Content-Type"
        case .missingOpeningDelimiter: return "multipart body does not start with its boundary"
        case .malformedPartHeaders(let index): return "multipart part \(index + 1) has malformed headers"
        case .missingClosingDelimiter: return "multipart body is not terminated by its closing boundary"
        case .noParts: return "multipart body has no parts"
        }
    }
}

/// Splits multipart/form-data bodies.
enum MultipartParser {
    /// The `boundary` parameter of a `multipart/form-data` Content-Type value.
    static func boundary(fromContentType value: String) -> String? {
        let parameters = HeaderParameters.parse(value)
        guard let boundary = parameters["boundary"], !boundary.isEmpty, boundary.utf8.count <= 200 else { return nil }
        return boundary
    }

    /// Parses `body` delimited by `boundary`.
    /// - Throws: `MultipartError` for a missing delimiter, bad part headers or an empty body.
    static func parse(_ body: [UInt8], boundary: String) throws(MultipartError) -> [MultipartPart] {
        let delimiter = Array("--\(boundary)".utf8)
        let separator = [13, 10] + delimiter
        guard var cursor = openingDelimiterEnd(body, delimiter: delimiter) else { throw .missingOpeningDelimiter }
        var parts: [MultipartPart] = []
        while true {
            if body.count >= cursor + 2, body[cursor] == UInt8(ascii: "-"), body[cursor + 1] == UInt8(ascii: "-") {
                break
            }
            while cursor < body.count, body[cursor] == UInt8(ascii: " ") || body[cursor] == 9 { cursor += 1 }
            guard body.count >= cursor + 2, body[cursor] == 13, body[cursor + 1] == 10 else {
                throw .missingClosingDelimiter
            }
            let start = cursor + 2
            guard let end = ByteSearch.firstIndex(of: separator, in: body, from: start) else {
                throw .missingClosingDelimiter
            }
            parts.append(try parsePart(Array(body[start..<end]), index: parts.count))
            cursor = end + separator.count
        }
        guard !parts.isEmpty else { throw .noParts }
        return parts
    }

    /// Where the first delimiter line ends: at the very start or after a preamble line.
    private static func openingDelimiterEnd(_ body: [UInt8], delimiter: [UInt8]) -> Int? {
        if body.starts(with: delimiter) { return delimiter.count }
        guard let found = ByteSearch.firstIndex(of: [13, 10] + delimiter, in: body) else { return nil }
        return found + 2 + delimiter.count
    }

    private static func parsePart(_ bytes: [UInt8], index: Int) throws(MultipartError) -> MultipartPart {
        let headerEnd: Int
        let bodyStart: Int
        if bytes.starts(with: [13, 10]) {
            headerEnd = 0
            bodyStart = 2
        } else if let found = ByteSearch.firstIndex(of: [13, 10, 13, 10], in: bytes) {
            headerEnd = found
            bodyStart = found + 4
        } else {
            throw .malformedPartHeaders(partIndex: index)
        }
        guard let headerText = String(validating: bytes[0..<headerEnd], as: UTF8.self) else {
            throw .malformedPartHeaders(partIndex: index)
        }
        var part = MultipartPart(body: Array(bytes[bodyStart...]))
        for line in headerText.split(separator: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformedPartHeaders(partIndex: index) }
            let name = line[..<colon].lowercased()
            let value = String(line[line.index(after: colon)...]).trimmed
            if name == "content-disposition" {
                let parameters = HeaderParameters.parse(value)
                part.name = parameters["name"]
                part.filename = parameters["filename"]
            } else if name == "content-type" {
                part.contentType = value
            }
        }
        return part
    }
}
