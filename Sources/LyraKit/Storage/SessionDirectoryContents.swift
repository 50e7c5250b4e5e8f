// What one scan of a sessions directory found: the session files' names packed in one byte buffer
// with their stamps (no per-entry objects), and the temporary files writers left behind.
/// What a sessions directory holds.
struct SessionDirectoryContents {
    /// One session file: where its name lies in ``names`` and its stamp.
    struct File {
        /// The offset of the name in ``names``.
        var start: Int32
        /// The name's length in bytes.
        var length: Int32
        /// The file's stamp.
        var stamp: SessionFileStamp
    }

    /// The names of the session files, back to back (UTF-8 as the file system gave them).
    var names: [UInt8] = []
    /// The session files (`*.json`, not hidden), in directory order.
    var files: [File] = []
    /// Temporary files of session and index writes (`.<name>.json.tmp-…`, `..index.tsv.tmp-…`);
    /// stale when seen under the lock.
    var leftovers: [String] = []

    /// Adds a session file.
    mutating func append(name: UnsafeBufferPointer<UInt8>, stamp: SessionFileStamp) {
        files.append(File(start: Int32(truncatingIfNeeded: names.count), length: Int32(name.count), stamp: stamp))
        names.append(contentsOf: name)
    }

    /// Calls `body` with the bytes of `file`'s name.
    func withName<Result>(of file: File, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        names.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(file.start)..<Int(file.start + file.length)]))
        }
    }

    /// `file`'s name as a string.
    func name(of file: File) -> String {
        withName(of: file) { String(decoding: $0, as: UTF8.self) }
    }
}
