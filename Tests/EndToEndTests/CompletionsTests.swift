// `lyra --completions SHELL` and the man page: scripts that their shells accept and that complete
// options and files; a refused shell; docs/lyra.1 that groff formats without warnings.
import Foundation
import LyraTestSupport
import Testing

@Suite struct CompletionsTests {
    private func tool(_ name: String) -> URL? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { URL(fileURLWithPath: $0 + name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private func script(_ shell: String, in environment: TemporaryEnvironment) async throws -> URL {
        let result = try await environment.runLyra(["--completions", shell])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let file = environment.workDirectory.appendingPathComponent("lyra.\(shell)")
        try result.stdoutData.write(to: file)
        return file
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theShellAcceptsTheScript(shell: String) async throws {
        let environment = try TemporaryEnvironment()
        let file = try await script(shell, in: environment)
        guard let program = tool(shell) else { return }  // zsh and fish are optional on this machine
        let check = try await runProcess(executable: program, arguments: ["-n", file.path])
        #expect(check.status == 0, "\(shell) -n: \(check.stderr)")
    }

    @Test func bashCompletesOptionsShellsAndFiles() async throws {
        let environment = try TemporaryEnvironment()
        let file = try await script("bash", in: environment)
        try Data().write(to: environment.workDirectory.appendingPathComponent("notes.lyra"))
        let bash = try #require(tool("bash"))
        func complete(_ words: [String]) async throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program = "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _lyra; "
                + "printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try await runProcess(executable: bash, arguments: ["-c", program],
                                              workingDirectory: environment.workDirectory)
            return result.stdout.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try await complete(["lyra", "--comp"]) == ["--completions"])
        #expect(try await complete(["lyra", "--completions", ""]) == ["bash", "fish", "zsh"])
        #expect(try await complete(["lyra", "-f", "no"]) == ["notes.lyra"])
        #expect(try await complete(["lyra", "se"]) == ["serve"])
        #expect(try await complete(["lyra", "serve", "--p"]) == ["--port"])
        #expect(try await complete(["lyra", "--mo"]) == ["--model"])
        #expect(try await complete(["lyra", "-c", "/mo"]) == ["/model"])
        #expect(try await complete(["lyra", "--think", "h"]) == ["high"])
    }

    @Test func lyraManPrintsTheCheckedInPage() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["--man"])
        #expect(result.status == 0)
        let page = try String(contentsOf: PackageRoot.url.appendingPathComponent("docs/lyra.1"), encoding: .utf8)
        #expect(result.stdout == page, "docs/lyra.1 is out of date: run make man")
    }

    @Test func anUnknownShellIsAUsageError() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["--completions", "tcsh"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "lyra: no completions for shell 'tcsh' (choose one of: bash, zsh, fish)\n")
    }

    @Test func theManPageFormatsCleanlyAndNamesEveryOption() async throws {
        let page = try PackageRoot.url.appendingPathComponent("docs/lyra.1")
        let text = try String(contentsOf: page, encoding: .utf8)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "FILES", "ENVIRONMENT",
                        "EXIT STATUS", "EXAMPLES"] {
            #expect(text.contains(".SH \"\(section)\"") || text.contains(".SH \(section)"), "missing \(section)")
        }
        for option in ["demo", "base-url", "session", "continue", "bail", "echo", "no-color", "quiet", "completions"] {
            #expect(text.contains("\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-")), "missing --\(option)")
        }
        guard let groff = tool("groff") else { return }
        let result = try await runProcess(executable: groff, arguments: ["-man", "-Tutf8", "-ww", "-z", page.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
