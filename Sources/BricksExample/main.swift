import Foundation

// The example's entry point: everything happens in ExampleCommand; see `--help`.
exit(await ExampleCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
