// Lyra's directories (sessions, config, credentials) are refused like ssh refuses a `~/.ssh`
// others can write to: world-writable or owned by another user, naming the fix.
import Foundation
import Testing
import LyraKit

@Suite struct UnsafeDirectoryTests {
    @Test func aWorldWritableSessionsDirectoryIsRefusedNamingTheFix() throws {
        try withTemporaryDirectory { root in
            let sessions = root.appending(path: "lyra/sessions")
            try XDGDirectories.ensureDirectory(sessions)
            #expect(chmod(sessions.path, 0o777) == 0)
            let path = sessions.standardizedFileURL.path
            #expect(throws: StorageError.unsafeDirectory(path: path, mode: UInt32(S_IFDIR) | 0o777, foreignOwner: false)) {
                try XDGDirectories.ensureDirectory(sessions)
            }
            let message = StorageError.unsafeDirectory(path: path, mode: 0o777, foreignOwner: false).errorDescription
            #expect(message == "refusing to use \(path): others can write to it (mode 777); fix it with: chmod 700 \(path)")
            #expect(chmod(sessions.path, 0o700) == 0)
            try XDGDirectories.ensureDirectory(sessions)
        }
    }

    @Test func aDirectoryOwnedByAnotherUserIsRefused() throws {
        guard geteuid() == 0 else { return }  // only root can hand a directory to another user
        try withTemporaryDirectory { root in
            let sessions = root.appending(path: "sessions")
            try XDGDirectories.ensureDirectory(sessions)
            #expect(chown(sessions.path, 65534, 65534) == 0)
            #expect(performing: { try XDGDirectories.ensureDirectory(sessions) }, throws: { error in
                (error as? StorageError)?.errorDescription?.contains("belongs to another user") == true
            })
        }
    }

    @Test func newDirectoriesArePrivate() throws {
        try withTemporaryDirectory { root in
            let data = root.appending(path: "data/lyra/sessions")
            try XDGDirectories.ensureDirectory(data)
            for path in [data, data.deletingLastPathComponent()] {
                var info = stat()
                #expect(stat(path.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
            }
        }
    }
}
