// A CommandContext over captured output and a temporary environment, for settings unit tests.
import Foundation
import LyraKit
import LyraTestSupport
@testable import LyraTerminal

/// A context whose stdout and stderr are captured and whose files live in a `TemporaryEnvironment`.
@MainActor
struct SettingsTestContext {
    let environment: TemporaryEnvironment
    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let context: CommandContext

    init(interactive: Bool = true, quiet: Bool = false, columns: Int = 80, variables: [String: String] = [:],
         registry: CommandRegistry = CommandCatalog.standard()) throws {
        environment = try TemporaryEnvironment()
        environment.set(variables)
        let terminal = Terminal(stdinIsTTY: interactive, stdoutIsTTY: interactive, stderrIsTTY: interactive,
                                colorLevel: .none, windowColumns: { _ in columns })
        let services = AppServices(options: LaunchOptions(), environment: environment.environment)
        context = CommandContext(
            console: Console(standardOutput: stdout, standardError: stderr), theme: .plain, terminal: terminal,
            mode: interactive ? .interactive : .script, registry: registry, completionData: CompletionData(),
            services: services, quiet: quiet)
    }

    /// Runs one line through a `LineInterpreter` and returns what it printed on stdout.
    func run(_ line: String) async throws -> String {
        stdout.clear()
        _ = try await LineInterpreter(context: context).run(LogicalLine(head: line, block: nil, lineNumber: 1))
        context.console.flush()
        return stdout.text
    }
}
