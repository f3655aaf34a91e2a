import ScrollSimCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(ScrollSimCommand.main(Array(CommandLine.arguments.dropFirst())))
