// Reading a request body the way the transport does (RequestBodyReader), in buffers of a chosen
// size: shared by the tests of streamed body parts.
import Foundation
@testable import LyraKit

/// The whole of `body` read through `RequestBodyReader` with buffers of `bufferSize` bytes.
func readWhole(_ body: HTTPRequestBody, bufferSize: Int) throws -> Data {
    var reader = RequestBodyReader(body)
    defer { reader.release() }
    var output = Data()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 1)
    defer { buffer.deallocate() }
    while true {
        let count = try reader.read(into: buffer)
        if count == 0 { break }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
    return output
}
