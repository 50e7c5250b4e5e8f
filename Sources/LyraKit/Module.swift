// LyraKit module marker.
enum LyraKitModule {}
