import Foundation

/// Where the example writes: tables to standard output, diagnostics to standard error.
///
/// Standard output goes through `print`, which C's stdio buffers whole when it is not a terminal
/// (`| cat`, a file), while standard error is written at once. So that `2>&1 | cat` shows the lines
/// in the order the example wrote them, everything printed so far is flushed before each
/// diagnostic.
enum Console {
    /// Writes `line` and a newline to standard error, after flushing what was printed before it.
    static func error(_ line: String) {
        // `nil`: every output stream, standard output among them (naming `stdout` itself is not
        // allowed in Swift 6 on Linux, where it is a mutable global).
        fflush(nil)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
