// Ids from `UUID.systemRandom()`: version-4 RFC 4122 UUIDs, different every time, stored in lower case.
import Foundation
import Testing
@testable import LyraKit

@Suite struct UUIDSystemRandomTests {
    @Test func idsAreDistinctVersion4UUIDs() {
        let ids = (0..<1_000).map { _ in UUID.systemRandom() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == 4, "version 4")
            #expect(bytes[8] >> 6 == 0b10, "RFC 4122 variant")
        }
        let text = UUID.systemRandomLowercased()
        #expect(text == text.lowercased() && UUID(uuidString: text) != nil && text.count == 36)
    }
}
