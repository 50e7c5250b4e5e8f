// Reads an AVI file back for tests: RIFF chunks, the main and stream headers, frames and index.

import Testing

/// The parts of an AVI file the tests check.
struct AVIStructure {
    var width = 0
    var height = 0
    var declaredFrames = 0
    var streamType = ""
    var handler = ""
    var compression = ""
    var frames: [[UInt8]] = []
    var indexEntries = 0

    init(_ bytes: [UInt8]) throws {
        try #require(bytes.count > 12)
        #expect(fourCC(bytes, 0) == "RIFF" && fourCC(bytes, 8) == "AVI ")
        #expect(le32(bytes, 4) + 8 == bytes.count, "RIFF size covers the whole file")
        try walk(bytes, from: 12, to: bytes.count)
    }

    private mutating func walk(_ bytes: [UInt8], from start: Int, to end: Int) throws {
        var offset = start
        while offset + 8 <= end {
            let id = fourCC(bytes, offset)
            let size = le32(bytes, offset + 4)
            let payload = offset + 8
            try #require(payload + size <= end, "chunk \(id) fits in its parent")
            switch id {
            case "LIST": try walk(bytes, from: payload + 4, to: payload + size)
            case "avih":
                declaredFrames = le32(bytes, payload + 16)
                width = le32(bytes, payload + 32)
                height = le32(bytes, payload + 36)
            case "strh":
                streamType = fourCC(bytes, payload)
                handler = fourCC(bytes, payload + 4)
            case "strf": compression = fourCC(bytes, payload + 16)
            case "00dc": frames.append(Array(bytes[payload..<(payload + size)]))
            case "idx1": indexEntries = size / 16
            default: break
            }
            offset = payload + size + size % 2
        }
    }

    private func fourCC(_ bytes: [UInt8], _ at: Int) -> String {
        String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
    }

    private func le32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
}
