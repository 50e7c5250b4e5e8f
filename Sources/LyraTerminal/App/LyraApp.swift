// The application: builds the terminal, the console, the commands and the services for one run,
// then runs the REPL (stdin and stdout are terminals), a one-shot prompt, or a script (everything else).
import Foundation
import LyraKit

/// Lyra's front end, called by the thin `lyra` executable.
@MainActor
public enum LyraApp {
    /// The version `lyra --version` prints.
    public static let version = "0.1.0"

    /// Runs Lyra for already-parsed `options`.
    /// - Parameters:
    ///   - options: the parsed command line.
    ///   - environment: the process environment.
    ///   - overrides: settings the launcher forces (e.g. `--demo`'s local backend).
    /// - Returns: the exit status.
    public static func run(options: LaunchOptions, environment: [String: String],
                           overrides: [SettingKey: String] = [:]) async -> ExitStatus {
        signal(SIGPIPE, SIG_IGN)
        // A write past `ulimit -f` fails with EFBIG (reported as "File too large") instead of killing
        // Lyra, whichever thread writes.
        signal(SIGXFSZ, SIG_IGN)
        let terminal = Terminal.detect(environment: environment, noColorFlag: options.noColor)
        let interactive = options.action == .standard && terminal.isInteractive
        let services = AppServices(options: options, environment: environment, overrides: overrides)
        let interrupts = InterruptMonitor(receivesSignals: !interactive)
        let console = Console.standard(terminal: terminal)
        if let warning = RequestDeadline.environmentWarning(environment) {
            console.writeErrorMessage("lyra: warning: \(warning)")
        }
        let theme = Theme(colorLevel: interactive ? terminal.colorLevel : .none)
        let registry = CommandCatalog.standard()
        let completionData = CompletionData()
        let context = CommandContext(
            console: console, theme: theme, terminal: terminal, mode: interactive ? .interactive : .script,
            registry: registry, completionData: completionData, services: services, quiet: options.quiet)
        let interpreter = LineInterpreter(context: context, messageHandler: ChatMessageHandler())
        do {
            try await ChatLaunch.openRequestedSession(context: context)
        } catch {
            console.writeErrorMessage("lyra: \(ErrorText.describe(error))")
            return .usage
        }
        do {
            // `--attach PATH` (SPEC §13): attached to the first message, checked before anything runs.
            for path in options.attach {
                try AttachmentIntake.attachFile(path, home: environment["HOME"], context: context)
            }
        } catch {
            console.writeErrorMessage("lyra: \(ErrorText.describe(error))")
            await services.chatService().removeUnsent(context.attachments.takeImages())
            return ExitStatus.forFailure(error)
        }
        if interactive {
            return await leaving(context, await runInteractive(context: context, interpreter: interpreter,
                                                                interrupts: interrupts))
        }
        if case .prompt(let prompt) = options.action {
            let reply = Task { @MainActor in
                await OneShotPrompt.run(prompt, context: context, interpreter: interpreter,
                                        readsStandardInput: !terminal.stdinIsTTY)
            }
            let interrupted = OneShotInterrupt(reply: reply, console: console)
            interrupts.onInterruptImmediately { interrupted.stop() }
            FileDescriptorSink.onBrokenPipe(STDOUT_FILENO) { reply.cancel() }
            let status = await reply.value
            return await leaving(context, interrupted.happened ? .interrupted : status)
        }
        do {
            let source = try scriptSource(for: options.action)
            let runner = ScriptRunner(source: source, context: context, interpreter: interpreter,
                                      bail: options.bail, echo: options.echo)
            interrupts.onInterrupt { runner.interrupt() }
            FileDescriptorSink.onBrokenPipe(STDOUT_FILENO) { Task { @MainActor in runner.stopForClosedOutput() } }
            return await leaving(context, await runner.run())
        } catch {
            console.writeErrorMessage("lyra: \(ErrorText.describe(error))")
            return .usage
        }
    }

    /// Folds the current session's journal into its file before exit (docs/JOURNAL.md); returns `status`.
    private static func leaving(_ context: CommandContext, _ status: ExitStatus) async -> ExitStatus {
        await context.services.tools.stop()
        await context.services.chatService().removeUnsent(context.attachments.takeImages())
        do {
            try await context.services.chatService().leaveSession()
        } catch {
            context.console.writeErrorMessage("lyra: \(ErrorText.describe(error))")
        }
        context.services.removeUnsavedSessions()
        return status
    }

    private static func runInteractive(context: CommandContext, interpreter: LineInterpreter,
                                       interrupts: InterruptMonitor) async -> ExitStatus {
        let engine = CompletionEngine(registry: context.registry, data: context.completionData)
        context.completionData.setLoader(for: [.sessionTitles],
                                         SessionCompletion.loader(chat: context.services.chatService()))
        context.completionData.setLoader(for: [.templateIDs, .templateNames],
                                         TemplateCompletion.loader(services: context.services))
        context.completionData.setLoader(for: [.providerNames, .modelIDs],
                                         ModelCompletion.loader(services: context.services))
        let history = HistoryFile.resolve(
            environment: context.services.environment, stateDirectory: context.services.directories.stateDirectory
        ).refusingUnsafeFile { context.console.writeErrorMessage($0) }
        let externalEditor = ExternalEditor.resolve(environment: context.services.environment)
        // Off the way to the first prompt: $TMPDIR may be large.
        DispatchQueue.global(qos: .utility).async { externalEditor.sweepStaleFiles() }
        let editor = await LineEditor(programName: "lyra", history: history, externalEditor: externalEditor) {
            engine.complete($0)
        }
        if !context.quiet {
            context.console.writeLine(Banner.render(version: version, width: context.terminal.width,
                                                    theme: context.theme, level: context.theme.colorLevel))
        }
        await ChatLaunch.showOpenedSession(context: context)
        let repl = REPL(editor: editor, context: context, interpreter: interpreter, interrupts: interrupts)
        await OnboardingFlow.runIfNeeded(context: context, input: repl)
        return await repl.run()
    }

    private static func scriptSource(for action: LaunchOptions.Action) throws -> ScriptSource {
        switch action {
        case .lines(let lines): return ScriptSource(lines: lines)
        case .file(let path): return try ScriptSource.file(path)
        default: return ScriptSource(descriptor: 0)
        }
    }
}
