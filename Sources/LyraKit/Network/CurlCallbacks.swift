// libcurl's C callbacks (write, header, read, seek), each forwarding to the transfer whose
// unretained pointer is the userdata; the driver keeps the transfer alive while libcurl runs.
import CCurl
import Foundation

/// Installs the C callbacks on an easy handle.
enum CurlCallbacks {
    /// Sets the callbacks of `easy` for the transfer at `userdata`; read and seek only when a body is sent.
    static func install(on easy: UnsafeMutableRawPointer, userdata: UnsafeMutableRawPointer, sendsBody: Bool) -> CURLcode {
        let write: ccurl_data_fn = { data, size, count, userdata in
            guard let data, let userdata else { return 0 }
            let total = size * count
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: total)) ? total : 0
        }
        let header: ccurl_data_fn = { data, size, count, userdata in
            guard let data, let userdata else { return 0 }
            let total = size * count
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
            return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: total)) ? total : 0
        }
        let read: ccurl_data_fn = { data, size, count, userdata in
            guard let data, let userdata else { return Int(CURL_READFUNC_ABORT) }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
            let buffer = UnsafeMutableRawBufferPointer(start: data, count: size * count)
            return transfer.readBody(into: buffer) ?? Int(CURL_READFUNC_ABORT)
        }
        let seek: ccurl_seek_fn = { userdata, offset, origin in
            guard let userdata else { return CURL_SEEKFUNC_FAIL }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
            return origin == SEEK_SET && transfer.canRewind(to: Int64(offset)) ? CURL_SEEKFUNC_OK : CURL_SEEKFUNC_CANTSEEK
        }
        return ccurl_set_callbacks(easy, write, header, sendsBody ? read : nil, sendsBody ? seek : nil, userdata)
    }
}
