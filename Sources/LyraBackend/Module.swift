// LyraBackend module marker.
enum LyraBackendModule {}
