// The store's hold on the directory lock: the lock file stays open for the store's life, so a save
// costs one lstat and two flock calls instead of a directory check, an open, a stat and a close.

extension SessionStore {
    /// Runs `body` while holding the sessions directory's lock (creating the directory when missing).
    /// - Throws: `StorageError` when the directory or its lock file cannot be used, or what `body` throws.
    func withDirectoryLock<T>(_ body: () throws -> T) throws -> T {
        try heldLock().withLock(body)
    }

    /// The open lock file, opened again (and the directory created and checked) when its path no
    /// longer names it.
    /// - Throws: `StorageError` when the directory or its lock file cannot be used.
    func heldLock() throws -> SessionDirectoryLock {
        if let lockFile, lockFile.isCurrent { return lockFile }
        lockFile?.file.closeFile()
        lockFile = nil
        let opened = try SessionDirectoryLock.open(in: directory)
        lockFile = opened
        return opened
    }
}
