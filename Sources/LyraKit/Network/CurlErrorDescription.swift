// Short, readable text for a failed libcurl transfer, keeping Lyra's established wording
// ("could not connect to HOST", "the request to HOST timed out", …).
import CCurl

/// Maps a libcurl result to an `APIError`.
enum CurlErrorDescription {
    /// The error for `code`; `detail` is libcurl's error buffer (may be empty); a `firstByteLimit`
    /// (streams) picks the first-byte wording for a timeout.
    static func apiError(for code: CURLcode, detail: String, host: String, firstByteLimit: Double?) -> APIError {
        switch code {
        case CURLE_COULDNT_CONNECT: return .networkError("could not connect to \(host)")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .networkError("cannot find host \(host)")
        case CURLE_OPERATION_TIMEDOUT:
            if let firstByteLimit {
                return .networkError("no reply from \(host) within \(CurlTransfer.seconds(firstByteLimit))")
            }
            return .networkError("the request to \(host) timed out")
        case CURLE_GOT_NOTHING: return .networkError("bad response from \(host)")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
             CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .networkError("secure connection to \(host) failed")
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR: return .networkError("the connection to \(host) was lost")
        case CURLE_SEND_FAIL_REWIND:
            return .networkError("bad response from \(host): the connection closed before a reply (the request was not re-sent)")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: return .networkError("unsupported URL")
        case CURLE_FILESIZE_EXCEEDED: return .networkError("the download from \(host) is too large")
        case CURLE_TOO_MANY_REDIRECTS: return .networkError("too many redirects from \(host)")
        default:
            let reason = detail.isEmpty ? String(cString: ccurl_strerror(code)) : detail
            return .networkError("request to \(host) failed: \(String(reason.prefix(200)))")
        }
    }
}
