// Ids from `UUID.systemRandomLowercased()`: version-4 RFC 4122 UUIDs, different every time, in lower case.
import Foundation
import Testing
@testable import LyraKit

@Suite struct UUIDSystemRandomTests {
    @Test func idsAreDistinctLowerCaseVersion4UUIDs() {
        let ids = (0..<1_000).map { _ in UUID.systemRandomLowercased() }
        #expect(Set(ids).count == ids.count)
        for text in ids {
            #expect(text == text.lowercased() && text.count == 36)
            guard let id = UUID(uuidString: text) else { Issue.record("not a UUID: \(text)"); continue }
            let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == 4, "version 4")
            #expect(bytes[8] >> 6 == 0b10, "RFC 4122 variant")
        }
    }
}
