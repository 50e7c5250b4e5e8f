// A response body produced while it is being sent (Server-Sent Events): written with
// `Transfer-Encoding: chunked`, one `send` per piece, so each event leaves as soon as it exists.

/// A body that writes itself piece by piece through a `write` function.
struct StreamedBody: Sendable {
    /// How the producer ended the body.
    enum Ending: Sendable, Equatable {
        /// Send the terminating zero-length chunk (a complete body).
        case complete
        /// Close the connection at once, without the terminating chunk (a broken stream).
        case abort
    }

    /// Writes the pieces in order through `write` (which returns false once the peer is gone).
    let produce: @Sendable (_ write: (_ piece: [UInt8]) -> Bool) -> Ending

    /// One chunk of the chunked transfer coding: size in hex, CRLF, the bytes, CRLF.
    static func frame(_ piece: [UInt8]) -> [UInt8] {
        Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10]
    }

    /// The zero-length chunk that ends a chunked body.
    static let terminator: [UInt8] = Array("0\r\n\r\n".utf8)
}
