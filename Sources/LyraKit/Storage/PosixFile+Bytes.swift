// Reading a whole small-to-medium file into one byte array sized from its `fstat` (the listing's
// 17 MB index in one or two `read`s, instead of 64 KiB chunks appended to a growing `Data`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PosixFile {
    /// The rest of the file as bytes; nil when it holds more than `limit` bytes (a sparse or foreign file).
    /// - Throws: `StorageError` when a read fails.
    func readBytes(limit: Int) throws(StorageError) -> [UInt8]? {
        let expected = Int(try status().st_size)
        guard expected <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { return nil }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, count)))
            }
            let got = bytes.withUnsafeMutableBufferPointer { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got == 0 { break }
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .posix("read", path: path, code: code)
            }
            count += got
        }
        guard count <= limit else { return nil }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
