// LyraTerminal module marker.
enum LyraTerminalModule {}
