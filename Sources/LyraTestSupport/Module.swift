// LyraTestSupport module marker.
enum LyraTestSupportModule {}
