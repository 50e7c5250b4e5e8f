// A download's file, written in large blocks: libcurl hands a body over 16 KiB at a time, and a
// write(2) for each was most of a large download's system time.

/// Appends bytes to an open file through a fixed buffer; `finish` writes what is left and closes it.
struct DownloadFileWriter {
    /// The bytes gathered before one write (256 KiB).
    static let blockSize = 256 << 10

    private let file: PosixFile
    private var pending: [UInt8] = []

    /// A writer for `file`, which it closes in `finish` or `discard`.
    init(file: PosixFile) {
        self.file = file
        pending.reserveCapacity(Self.blockSize)
    }

    /// Appends `bytes`, writing a block whenever the buffer fills.
    mutating func append(_ bytes: UnsafeRawBufferPointer) throws(StorageError) {
        if pending.count + bytes.count > Self.blockSize { try flush() }
        if bytes.count >= Self.blockSize {
            try file.writeAll(bytes)
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    /// Writes what is buffered and closes the file.
    func finish() throws(StorageError) {
        defer { file.closeFile() }
        try file.writeAll(pending)
    }

    /// Closes the file without writing what is buffered.
    func discard() {
        file.closeFile()
    }

    private mutating func flush() throws(StorageError) {
        try file.writeAll(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
