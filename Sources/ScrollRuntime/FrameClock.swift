/// Placeholder.
enum FrameClockPlaceholder {}
