// One configured libcurl easy handle for a transfer: the options of SPEC §10 (no automatic
// redirects, decoded-size caps, deadlines, keep-alive, the proxy Lyra chose) and the
// C memory it needs until the transfer ends. Used only on the driver thread.
import CCurl
import Foundation

/// The header list and error buffer of one easy handle, released with it.
final class CurlEasyResources {
    private let headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    private init(headerList: UnsafeMutablePointer<curl_slist>?, errorBuffer: UnsafeMutablePointer<CChar>) {
        self.headerList = headerList
        self.errorBuffer = errorBuffer
    }

    /// libcurl's text for the last failure (empty when none).
    var errorText: String {
        errorBuffer.pointee == 0 ? "" : String(cString: errorBuffer).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Frees `easy` and this memory.
    func release(_ easy: UnsafeMutableRawPointer) {
        ccurl_easy_cleanup(easy)
        ccurl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// A configured easy handle for `transfer`, whose callbacks reach `transfer` (kept alive by the caller).
    static func make(for transfer: CurlTransfer) -> Result<(UnsafeMutableRawPointer, CurlEasyResources), any Error> {
        let request = transfer.request
        let length: Int64
        do {
            length = try transfer.state.withLock { state throws(StorageError) in try state.reader.length() }
        } catch {
            return .failure(error)
        }
        guard let easy = ccurl_easy_init() else { return .failure(APIError.networkError("libcurl could not start")) }
        var list: UnsafeMutablePointer<curl_slist>?
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            list = ccurl_slist_append(list, line) ?? list
        }
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        buffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        let resources = CurlEasyResources(headerList: list, errorBuffer: buffer)
        let options = CurlEasyOptions(easy: easy)
        options.set(CURLOPT_ERRORBUFFER, pointer: UnsafeRawPointer(buffer))
        options.set(CURLOPT_HTTPHEADER, pointer: list.map { UnsafeRawPointer($0) })
        options.apply(request: request, mode: transfer.mode, bodyLength: length, proxy: transfer.proxy)
        let userdata = Unmanaged.passUnretained(transfer).toOpaque()
        options.check(CurlCallbacks.install(on: easy, userdata: userdata, sendsBody: request.method == .post))
        guard options.failed == nil else {
            resources.release(easy)
            return .failure(APIError.networkError("libcurl refused an option: \(options.failed ?? "")"))
        }
        return .success((easy, resources))
    }
}
