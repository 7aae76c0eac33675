/// Lines of Swift with indentation: the renderer's only way to write text.
struct CodeWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    /// Appends a line at the current indentation (an empty line stays empty).
    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// Appends a line one level less deep: a `case` in a `switch`.
    mutating func outdented(_ text: String) {
        lines.append(String(repeating: "    ", count: max(depth &- 1, 0)) + text)
    }

    /// Appends `opening`, the body one level deeper, then `}`.
    mutating func block(
        _ opening: String, opener: String = " {", closing: String = "}", _ body: (inout CodeWriter) -> Void
    ) {
        line(opening + opener)
        depth &+= 1
        body(&self)
        depth &-= 1
        line(closing)
    }

    /// Appends a doc comment, one `///` line per line of `text`.
    mutating func doc(_ text: String?) {
        guard let text, !text.isEmpty else { return }
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = row.trimmingTrailingWhitespace()
            line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }

    /// The text, ending with a newline.
    var text: String { lines.joined(separator: "\n") + "\n" }
}

extension Substring {
    func trimmingTrailingWhitespace() -> String {
        var end = endIndex
        while end > startIndex, let last = self[..<end].last, last == " " || last == "\t" || last == "\r" {
            end = index(before: end)
        }
        return String(self[..<end])
    }
}
