// SHA-256 (FIPS 180-4), the content hash that names a stored image. Written here because Linux's
// Foundation has no CryptoKit and Lyra takes no outside packages; checked against the standard's
// test vectors and `sha256sum` in the tests.

/// Computes SHA-256 digests.
public enum SHA256 {
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    public static func hexDigest(of bytes: [UInt8]) -> String {
        var state = State()
        let wholeBlocks = bytes.count / 64
        bytes.withUnsafeBytes { raw in
            roundConstants.withUnsafeBufferPointer { constants in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                    if let base = raw.baseAddress {   // nil only for no bytes, which have no whole block
                        for block in 0 ..< wholeBlocks {
                            state.compress(base + block * 64, schedule: schedule, constants: constants)
                        }
                    }
                    var tail = Array(raw[(wholeBlocks * 64)...])
                    tail.append(0x80)
                    while tail.count % 64 != 56 { tail.append(0) }
                    let bitCount = UInt64(bytes.count) &* 8
                    for shift in stride(from: 56, through: 0, by: -8) {
                        tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
                    }
                    tail.withUnsafeBytes { last in
                        guard let base = last.baseAddress else { return }   // never: the tail holds the padding
                        for block in 0 ..< last.count / 64 {
                            state.compress(base + block * 64, schedule: schedule, constants: constants)
                        }
                    }
                }
            }
        }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for word in [state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h] {
            for shift in stride(from: 28, through: 0, by: -4) {
                text.append(digits[Int((word >> UInt32(shift)) & 0xF)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The eight working words, kept in registers rather than an array.
    private struct State {
        var a: UInt32 = 0x6a09e667, b: UInt32 = 0xbb67ae85, c: UInt32 = 0x3c6ef372, d: UInt32 = 0xa54ff53a
        var e: UInt32 = 0x510e527f, f: UInt32 = 0x9b05688c, g: UInt32 = 0x1f83d9ab, h: UInt32 = 0x5be0cd19

        /// Folds the 64-byte block at `block` into the state.
        @inline(__always)
        mutating func compress(_ block: UnsafeRawPointer, schedule w: UnsafeMutableBufferPointer<UInt32>,
                               constants k: UnsafeBufferPointer<UInt32>) {
            for index in 0 ..< 16 {
                w[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            for index in 16 ..< 64 {
                let s0 = rotate(w[index - 15], 7) ^ rotate(w[index - 15], 18) ^ (w[index - 15] >> 3)
                let s1 = rotate(w[index - 2], 17) ^ rotate(w[index - 2], 19) ^ (w[index - 2] >> 10)
                w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h)
            for index in 0 ..< 64 {
                let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ choice &+ k[index] &+ w[index]
                let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
            }
            self.a &+= a; self.b &+= b; self.c &+= c; self.d &+= d
            self.e &+= e; self.f &+= f; self.g &+= g; self.h &+= h
        }
    }
}

/// `value` rotated right by `count` bits.
@inline(__always)
private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
}
