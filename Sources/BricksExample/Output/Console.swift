import Foundation

/// Where the example writes: tables to standard output, diagnostics to standard error.
enum Console {
    /// Writes `line` and a newline to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
