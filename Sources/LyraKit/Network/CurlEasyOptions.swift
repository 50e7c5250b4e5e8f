// Typed setters for one easy handle's options, remembering the first one libcurl refused, and
// the option set of a Lyra request.
import CCurl
import Foundation

/// Sets options on an easy handle; `failed` names the first refused option.
final class CurlEasyOptions {
    private let easy: UnsafeMutableRawPointer
    /// The first option libcurl refused, if any.
    private(set) var failed: String?

    /// Options for `easy`.
    init(easy: UnsafeMutableRawPointer) {
        self.easy = easy
    }

    /// Sets a long option.
    func set(_ option: CURLoption, _ value: Int) {
        check(ccurl_setopt_long(easy, option, value), option)
    }

    /// Sets a 64-bit size option.
    func set(_ option: CURLoption, size: Int64) {
        check(ccurl_setopt_off(easy, option, curl_off_t(size)), option)
    }

    /// Sets a string option (libcurl copies it).
    func set(_ option: CURLoption, string: String) {
        check(string.withCString { ccurl_setopt_pointer(easy, option, $0) }, option)
    }

    /// Sets a pointer option.
    func set(_ option: CURLoption, pointer: UnsafeRawPointer?) {
        check(ccurl_setopt_pointer(easy, option, pointer), option)
    }

    /// Records a failed call.
    func check(_ code: CURLcode, _ option: CURLoption? = nil) {
        guard code != CURLE_OK, failed == nil else { return }
        failed = option.map { "option \($0.rawValue)" } ?? String(cString: ccurl_strerror(code))
    }

    /// The options for `request` in `mode` through `proxy`: no automatic redirects, http(s) only,
    /// any encoding libcurl can decode, deadlines, size caps, and no signals.
    func apply(request: HTTPRequest, mode: CurlTransferMode, bodyLength: Int64, proxy: ProxyRoute?) {
        set(CURLOPT_URL, string: request.url.absoluteString)
        // Lyra decides the proxy (ProxyEnvironment); libcurl must not decide again from the
        // environment: an empty CURLOPT_PROXY means none, and no_proxy was already applied.
        set(CURLOPT_PROXY, string: proxy?.url ?? "")
        set(CURLOPT_NOPROXY, string: proxy == nil ? "*" : "")
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_FOLLOWLOCATION, 0)
        set(CURLOPT_PROTOCOLS_STR, string: "http,https")
        set(CURLOPT_ACCEPT_ENCODING, string: "")
        set(CURLOPT_USERAGENT, string: "Lyra")
        // A proxy's CONNECT answer must not be taken for the response head.
        set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        switch request.method {
        case .get: set(CURLOPT_HTTPGET, 1)
        case .post:
            set(CURLOPT_POST, 1)
            set(CURLOPT_POSTFIELDSIZE_LARGE, size: bodyLength)
        }
        switch mode {
        case .collect:
            set(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout))
            set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(request.timeout, Self.connectLimit)))
        case let .download(_, _, limit, _):
            set(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout))
            set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(request.timeout, Self.connectLimit)))
            set(CURLOPT_MAXFILESIZE_LARGE, size: limit)
            set(CURLOPT_BUFFERSIZE, Self.downloadBufferSize)
        case let .stream(limits, _):
            set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(limits.firstByte))
        }
    }

    /// The receive buffer of a download (libcurl's default is 16 KiB): a video arrives in a few
    /// hundred reads and file writes instead of thousands.
    static let downloadBufferSize = 512 << 10

    /// The most a connection (TCP and TLS handshake) may take, whatever the request's deadline.
    private static let connectLimit: TimeInterval = 30

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return max(1, Int(min(seconds, 86_400) * 1000))
    }
}
