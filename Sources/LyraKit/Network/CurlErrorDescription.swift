// Short, readable text for a failed libcurl transfer, keeping Lyra's established wording
// ("could not connect to HOST", "the request to HOST timed out", …); a failure the proxy caused
// names the proxy, and libcurl's own reason is kept where the code alone says too little.
import CCurl

/// What libcurl reported about a finished transfer.
struct CurlFailure {
    /// libcurl's result.
    var code: CURLcode
    /// libcurl's error buffer (may be empty).
    var detail: String
    /// The status of a proxy's answer to CONNECT (0 when no tunnel was asked for).
    var connectCode = 0
}

/// Maps a libcurl result to an `APIError`.
enum CurlErrorDescription {
    /// The facts about the transfer that a message may need.
    struct Context {
        /// The origin's host.
        var host: String
        /// The proxy the transfer went through, if any.
        var proxy: ProxyRoute?
        /// A stream's first-byte limit (picks the first-byte wording for a timeout).
        var firstByteLimit: Double?
        /// Whether a whole response head had arrived.
        var headComplete: Bool
    }

    /// The proxy schemes libcurl speaks.
    static let proxySchemes: Set = ["http", "https", "socks4", "socks4a", "socks5", "socks5h"]

    /// The error for `failure` in `context`.
    static func apiError(for failure: CurlFailure, context: Context) -> APIError {
        if let proxy = context.proxy, let error = proxyError(failure, proxy: proxy, host: context.host) { return error }
        let error = originError(failure, context: context)
        guard let proxy = context.proxy, case let .networkError(reason) = error else { return error }
        return .networkError("\(reason) (through the proxy \(proxy.address))")
    }

    /// The error for a proxy's `407` answer to a plain-http request.
    static func proxyAuthentication(_ proxy: ProxyRoute) -> APIError {
        .networkError("the proxy \(proxy.address) asks for credentials (407): give them in the proxy variable "
            + "as http://USER:PASSWORD@HOST:PORT")
    }

    /// A failure that the proxy caused, or nil when the proxy is not to blame.
    private static func proxyError(_ failure: CurlFailure, proxy: ProxyRoute, host: String) -> APIError? {
        switch failure.code {
        case CURLE_COULDNT_RESOLVE_PROXY:
            return .networkError("cannot find the proxy \(proxy.address)")
        case CURLE_COULDNT_CONNECT where !proxySchemes.contains(proxy.scheme):
            return .networkError("the proxy \(proxy.address) has an unsupported scheme '\(proxy.scheme)': "
                + "use http://, https:// or socks5://")
        case CURLE_COULDNT_CONNECT:
            return .networkError("could not connect to the proxy \(proxy.address)")
        case CURLE_PROXY:
            return .networkError("the proxy \(proxy.address) failed: \(reason(failure))")
        default:
            break
        }
        if failure.connectCode == 407 { return proxyAuthentication(proxy) }
        if failure.connectCode >= 300 {
            return .networkError("the proxy \(proxy.address) refused to open a tunnel to \(host) (status \(failure.connectCode))")
        }
        return nil
    }

    private static func originError(_ failure: CurlFailure, context: Context) -> APIError {
        let host = context.host
        switch failure.code {
        case CURLE_COULDNT_CONNECT: return .couldNotConnect(host: host)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .networkError("cannot find host \(host)")
        case CURLE_OPERATION_TIMEDOUT:
            if let limit = context.firstByteLimit {
                return .networkError("no reply from \(host) within \(CurlTransfer.seconds(limit))")
            }
            return .networkError("the request to \(host) timed out")
        case CURLE_GOT_NOTHING: return .networkError("bad response from \(host)")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
             CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            // libcurl's buffer says why (`SSL certificate problem: self-signed certificate`).
            return .networkError("secure connection to \(host) failed" + (failure.detail.isEmpty ? "" : ": \(tlsReason(failure))"))
        case CURLE_OUT_OF_MEMORY where !context.headComplete,
             CURLE_RECV_ERROR where failure.detail.hasPrefix("Too large response headers"):
            // libcurl refuses a header line over 100 KiB (as "out of memory") and a head over 300 KiB.
            return .networkError("the response headers from \(host) are too large")
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR: return .networkError("the connection to \(host) was lost")
        case CURLE_SEND_FAIL_REWIND:
            return .networkError("bad response from \(host): the connection closed before a reply (the request was not re-sent)")
        case CURLE_UNSUPPORTED_PROTOCOL where failure.detail.contains("HTTP/0.9"):
            return .networkError("not an HTTP response from \(host) (the server answered HTTP/0.9)")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: return .networkError("unsupported URL")
        case CURLE_FILESIZE_EXCEEDED: return .networkError("the download from \(host) is too large")
        case CURLE_TOO_MANY_REDIRECTS: return .networkError("too many redirects from \(host)")
        default:
            return .networkError("request to \(host) failed: \(reason(failure))")
        }
    }

    /// OpenSSL's reason without its version and error-code prefixes:
    /// `OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number` → `wrong version number`.
    private static func tlsReason(_ failure: CurlFailure) -> String {
        var text = reason(failure)[...]
        if text.hasPrefix("OpenSSL/"), let colon = text.range(of: ": ") { text = text[colon.upperBound...] }
        if text.hasPrefix("error:"), let routine = text.range(of: "::") { text = text[routine.upperBound...] }
        return String(text)
    }

    /// libcurl's text for `failure`: its error buffer, else the code's description; at most 200 characters.
    private static func reason(_ failure: CurlFailure) -> String {
        String((failure.detail.isEmpty ? String(cString: ccurl_strerror(failure.code)) : failure.detail).prefix(200))
    }
}
