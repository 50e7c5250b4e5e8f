// XDG resolution (SPEC §3): absolute variables win, relative or empty ones count as unset,
// defaults live under HOME; `ensure` creates directories 0700.
import Foundation
import Testing
@testable import LyraKit

@Suite struct XDGDirectoriesTests {
    @Test func absoluteVariablesAreUsed() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ann", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s",
        ])
        #expect(directories.dataDirectory.path == "/d/lyra")
        #expect(directories.configDirectory.path == "/c/lyra")
        #expect(directories.stateDirectory.path == "/s/lyra")
        #expect(directories.sessionsDirectory.path == "/d/lyra/sessions")
        #expect(directories.credentialsFile.path == "/c/lyra/credentials.json")
        #expect(directories.configFile.path == "/c/lyra/config.json")
        #expect(directories.userIDFile.path == "/s/lyra/user-id")
    }

    @Test func relativeOrEmptyVariablesFallBackToHome() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ann", "XDG_DATA_HOME": "relative/data", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "./s",
        ])
        #expect(directories.dataDirectory.path == "/home/ann/.local/share/lyra")
        #expect(directories.configDirectory.path == "/home/ann/.config/lyra")
        #expect(directories.stateDirectory.path == "/home/ann/.local/state/lyra")
    }

    @Test func ensureCreatesNestedDirectoriesWithMode0700() throws {
        try withTemporaryDirectory { root in
            let directories = XDGDirectories(environment: xdgEnvironment(root: root))
            try directories.ensure(directories.sessionsDirectory)
            #expect(try permissions(of: directories.sessionsDirectory) == 0o700)
            #expect(try permissions(of: directories.dataDirectory) == 0o700)
            try directories.ensure(directories.sessionsDirectory)
        }
    }

    @Test func ensureRefusesAFileInTheWay() throws {
        try withTemporaryDirectory { root in
            let blocker = root.appending(path: "file")
            try Data("x".utf8).write(to: blocker)
            #expect(throws: StorageError.notADirectory(path: blocker.path)) {
                try XDGDirectories.ensureDirectory(blocker.appending(path: "sub"))
            }
        }
    }
}
