@_exported import ScrollSimCore
