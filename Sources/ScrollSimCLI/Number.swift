import ScrollSimCore

/// The command line's number text (shared with ScrollSimTesting's failure messages).
typealias Number = NumberText
