import Foundation

/// Runs a benchmark command's async body from a synchronous `main.swift`, so that the program also
/// runs under valgrind: an async main parks the main thread in `dispatch_main`, whose `sigsuspend`
/// crashes valgrind, and valgrind is how hot paths are profiled here.
///
/// ```swift
/// BlockingMain.run { arguments in await Command.run(arguments) }
/// ```
public enum BlockingMain {
    /// Runs `body` with the command-line arguments (without the executable's name) on a detached
    /// task, which exits the process with the status `body` returns; the main thread waits on a
    /// semaphore meanwhile.
    public static func run(_ body: @escaping @Sendable ([String]) async -> Int32) -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        Task.detached { exit(await body(arguments)) }
        let parked = DispatchSemaphore(value: 0)
        while true { parked.wait() }
    }
}
