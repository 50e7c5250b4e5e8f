// Fast search for a byte sequence inside a byte buffer (memchr and memcmp), used by the multipart parser.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-sequence search.
enum ByteSearch {
    /// The index of the first occurrence of `needle` in `haystack` at or after `start`.
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard !needle.isEmpty, start >= 0, start <= haystack.count, haystack.count - start >= needle.count else {
            return nil
        }
        return haystack.withUnsafeBytes { hay -> Int? in
            needle.withUnsafeBytes { pin -> Int? in
                guard let hayBase = hay.baseAddress, let pinBase = pin.baseAddress else { return nil }
                let first = Int32(pin[0])
                let last = hay.count - pin.count
                var position = start
                while position <= last {
                    guard let hit = memchr(hayBase + position, first, last - position + 1) else { return nil }
                    position = hayBase.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hayBase + position, pinBase, pin.count) == 0 { return position }
                    position += 1
                }
                return nil
            }
        }
    }
}
