// Writes a Motion-JPEG AVI file (RIFF 'AVI ': hdrl/avih, strl/strh+strf, movi '00dc' chunks, idx1)
// from JPEG frames. Every frame is a key frame; players and ffprobe read it as mjpeg video.

/// Builds an uncompressed-container, JPEG-per-frame AVI in memory.
struct MJPEGAVIWriter {
    /// Frame width and height in pixels (the stream's declared size).
    let width: Int
    let height: Int
    /// Frames per second.
    let framesPerSecond: Int

    /// The AVI bytes holding `frames` (each a complete JPEG) in order.
    func makeAVI(frames: [[UInt8]]) -> [UInt8] {
        let largest = frames.map(\.count).max() ?? 0
        var movi = Array("movi".utf8)
        var index: [UInt8] = []
        for frame in frames {
            let offset = movi.count
            movi += chunk("00dc", frame)
            index += fourCC("00dc") + le32(0x10) + le32(offset) + le32(frame.count)
        }
        let header = list("hdrl", chunk("avih", mainHeader(frames: frames.count, largest: largest))
            + list("strl", chunk("strh", streamHeader(frames: frames.count, largest: largest))
                + chunk("strf", bitmapInfo())))
        let body = Array("AVI ".utf8) + header + listChunk(movi) + chunk("idx1", index)
        return fourCC("RIFF") + le32(body.count) + body
    }

    // MARK: - Headers

    private func mainHeader(frames: Int, largest: Int) -> [UInt8] {
        let microsecondsPerFrame = 1_000_000 / max(framesPerSecond, 1)
        var bytes = le32(microsecondsPerFrame) + le32(largest * max(framesPerSecond, 1)) + le32(0)
        bytes += le32(0x10) + le32(frames) + le32(0) + le32(1) + le32(largest + 8)
        bytes += le32(width) + le32(height) + le32(0) + le32(0) + le32(0) + le32(0)
        return bytes
    }

    private func streamHeader(frames: Int, largest: Int) -> [UInt8] {
        var bytes = fourCC("vids") + fourCC("MJPG") + le32(0) + le16(0) + le16(0) + le32(0)
        bytes += le32(1) + le32(max(framesPerSecond, 1)) + le32(0) + le32(frames)
        bytes += le32(largest + 8) + le32(0xFFFF_FFFF) + le32(0)
        bytes += le16(0) + le16(0) + le16(width) + le16(height)
        return bytes
    }

    private func bitmapInfo() -> [UInt8] {
        var bytes = le32(40) + le32(width) + le32(height) + le16(1) + le16(24) + fourCC("MJPG")
        bytes += le32(width * height * 3) + le32(0) + le32(0) + le32(0) + le32(0)
        return bytes
    }

    // MARK: - RIFF primitives

    private func chunk(_ id: String, _ payload: [UInt8]) -> [UInt8] {
        var bytes = fourCC(id) + le32(payload.count) + payload
        if payload.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    private func list(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        listChunk(fourCC(type) + payload)
    }

    private func listChunk(_ typeAndPayload: [UInt8]) -> [UInt8] {
        fourCC("LIST") + le32(typeAndPayload.count) + typeAndPayload
    }

    private func fourCC(_ code: String) -> [UInt8] {
        Array(code.utf8.prefix(4))
    }

    private func le32(_ value: Int) -> [UInt8] {
        let bits = UInt32(truncatingIfNeeded: value)
        return [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24 & 0xFF)]
    }

    private func le16(_ value: Int) -> [UInt8] {
        let bits = UInt16(truncatingIfNeeded: value)
        return [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF)]
    }
}
