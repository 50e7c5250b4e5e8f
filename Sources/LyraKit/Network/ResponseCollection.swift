// One in-memory response being collected by the session delegate: the body grows only up to a
// limit, so a hostile or broken server cannot make Lyra buffer an unbounded reply.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request whose body is collected in memory, at most `limit` bytes.
struct ResponseCollection: Sendable {
    /// The most a JSON API response may hold (16 MiB): far above any real reply.
    static let defaultLimit = 16 << 20

    let pending: PendingURLTask<(Data, HTTPURLResponse)>
    let limit: Int
    var response: HTTPURLResponse?
    var body = Data()
    var exceeded = false

    /// Appends `data`; returns false (and remembers it) when the body would pass the limit.
    mutating func append(_ data: Data) -> Bool {
        guard body.count + data.count <= limit else {
            exceeded = true
            body = Data()
            return false
        }
        body.append(data)
        return true
    }

    /// The outcome once the task completed with `error`.
    func outcome(error: (any Error)?, url: URL?) -> Result<(Data, HTTPURLResponse), any Error> {
        if exceeded {
            return .failure(APIError.decodingError("the response is larger than \(limit >> 20) MiB"))
        }
        if let error { return .failure(URLErrorDescription.apiError(for: error, url: url)) }
        guard let response else { return .failure(APIError.networkError("no HTTP response")) }
        return .success((body, response))
    }
}
