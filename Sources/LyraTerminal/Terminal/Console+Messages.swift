// Messages (errors, warnings, notices, hints) through the Console: laid out by MessageLayout, so on a
// terminal they are wrapped by words to its width and in a pipe or file they are the text as given.
import Foundation

extension Console {
    /// The process's console for messages written before or beside the app's own (the launcher's
    /// usage errors, warnings of the service layer): wrapped for the terminal found now.
    static func forMessages() -> Console {
        standard(terminal: Terminal.detect(environment: ProcessInfo.processInfo.environment, noColorFlag: true))
    }

    /// Writes `text` and a newline to standard error (after flushing standard output), wrapped by
    /// words when standard error is a terminal; `leadStyle` paints its label (`lyra: `, `error: `;
    /// by default as the words) and `bodyStyle` its words, after wrapping.
    /// - Parameter text: sanitised text without escape sequences (a final newline is not doubled).
    public func writeErrorMessage(_ text: String, theme: Theme = .plain,
                                  leadStyle: Theme.Style? = nil, bodyStyle: Theme.Style? = nil) {
        writeError(MessageLayout.render(text, width: messageWidth(for: 2), theme: theme,
                                        leadStyle: leadStyle, bodyStyle: bodyStyle))
    }

    /// Writes `text` and a newline to standard output (buffered), wrapped by words when standard
    /// output is a terminal; painted as in ``writeErrorMessage(_:theme:leadStyle:bodyStyle:)``.
    public func writeMessage(_ text: String, theme: Theme = .plain,
                             leadStyle: Theme.Style? = nil, bodyStyle: Theme.Style? = nil) {
        write(MessageLayout.render(text, width: messageWidth(for: 1), theme: theme,
                                   leadStyle: leadStyle, bodyStyle: bodyStyle))
    }
}
