// The list of Lyra's commands, in the order `/help` shows them. Adding a command is adding it here.
import Foundation

/// Lyra's standard set of slash commands.
public enum CommandCatalog {
    /// Every command, in help order.
    public static func standard() -> CommandRegistry {
        CommandRegistry(commands: [
            HelpCommand(),
            NewCommand(),
            SessionsCommand(),
            RetryCommand(),
            UndoCommand(),
            RegenerateCommand(),
            AltCommand(),
            ContinueCommand(),
            ForkCommand(),
            SetCommand(),
            ModelCommand(),
            SystemCommand(),
            ThinkCommand(),
            ReasoningCommand(),
            ToolsCommand(),
            CompactCommand(),
            UsageCommand(),
            EditCommand(),
            CopyCommand(),
            FileCommand(),
            ImproveCommand(),
            VideoCommand(),
            SubscribeCommand(),
            SettingsCommand(),
            LoginCommand(),
            LogoutCommand(),
            QuitCommand(),
        ])
    }
}
