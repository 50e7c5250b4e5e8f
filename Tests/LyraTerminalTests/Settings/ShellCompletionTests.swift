// `lyra --completions SHELL`, `lyra --man` and `--help`: all made from the option table and the
// command catalog, so each names every option and command; docs/lyra.1 is the generated page;
// the parser accepts every option in the table; unknown shells refused.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct ShellCompletionTests {
    private var commandNames: [String] { CommandCatalog.standard().commands.flatMap { [$0.name] + $0.aliases } }

    @Test func everyScriptNamesEveryOptionCommandAndServeOption() throws {
        for shell in ShellCompletion.shells {
            let script = try ShellCompletion.script(for: shell)
            #expect(script.hasSuffix("\n"))
            for spec in LaunchOptionCatalog.options + LaunchOptionCatalog.serveOptions {
                for name in spec.names {
                    // fish writes `-l model` and `-s m`; bash and zsh the option itself.
                    let written = shell == "fish" ? (name.hasPrefix("--") ? "-l " + name.dropFirst(2) : "-s " + name.dropFirst())
                        : name
                    #expect(script.contains(written), "\(shell) lacks \(name)")
                }
            }
            for command in commandNames { #expect(script.contains("/" + command), "\(shell) lacks /\(command)") }
            #expect(script.contains("serve"))
        }
        #expect(try ShellCompletion.script(for: "ZSH").hasPrefix("#compdef lyra"))
    }

    @Test func theManPageAndHelpNameEveryOptionAndCommand() throws {
        let page = ManualPage.text(commands: CommandCatalog.standard())
        for spec in LaunchOptionCatalog.options + LaunchOptionCatalog.serveOptions {
            for name in spec.names {
                #expect(page.contains("\\fB" + ManualPage.escape(name) + "\\fR"), "man page lacks \(name)")
            }
        }
        for spec in LaunchOptionCatalog.options {
            for name in spec.names { #expect(LaunchOptions.usage.contains(name), "--help lacks \(name)") }
        }
        for command in CommandCatalog.standard().commands {
            #expect(page.contains(".TP\n\\fB/" + ManualPage.escape(command.name)), "man page lacks /\(command.name)")
        }
    }

    @Test func theCheckedInManPageIsTheGeneratedOne() throws {
        let file = try PackageRoot.url.appendingPathComponent("docs/lyra.1")
        let checkedIn = try String(contentsOf: file, encoding: .utf8)
        #expect(checkedIn == ManualPage.text(commands: CommandCatalog.standard()),
                "docs/lyra.1 is out of date: run make man (or lyra --man > docs/lyra.1)")
    }

    @Test func theParserAcceptsEveryOptionInTheTable() throws {
        for spec in LaunchOptionCatalog.options {
            for name in spec.names {
                let value: [String] = switch spec.argument {
                case .none: []
                case let .choice(_, words): [words[0]]
                case .value, .file: ["1"]
                }
                #expect(throws: Never.self, "\(name)") { _ = try LaunchOptions.parse([name] + value) }
            }
        }
    }

    @Test func unknownShellsAreRefusedByName() {
        #expect(throws: ShellCompletion.UnknownShell(name: "tcsh")) { try ShellCompletion.script(for: "tcsh") }
        #expect(ShellCompletion.UnknownShell(name: "tcsh").errorDescription
            == "no completions for shell 'tcsh' (choose one of: bash, zsh, fish)")
    }
}
