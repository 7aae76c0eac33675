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
        for row in Self.commentLines(text) {
            let trimmed = row[...].trimmingTrailingWhitespace()
            line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }

    /// The lines of a document's text as Swift would read them in a comment: split at `\n`, `\r`
    /// and `\r\n` (a comment ends at each; `\r\n` is one `Character`, so splitting at `"\n"` missed
    /// it, and the text after it became code), other control characters as spaces.
    static func commentLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterReturn:
                continue
            case "\n", "\r":
                lines.append(String(current))
                current = String.UnicodeScalarView()
            case "\t":
                current.append(scalar)
            default:
                current.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// A document's text on one line of a comment: line breaks and other control characters as spaces.
    static func commentLine(_ text: String) -> String {
        commentLines(text).joined(separator: " ")
    }

    /// Appends `items` joined by `separator`, as many to a line as fit in `width` characters
    /// (`prefix`, which starts each line, and the indentation not counted): a long list reads as a
    /// paragraph rather than a column.
    mutating func packed(_ items: [String], separator: String, width: Int, prefix: String) {
        var current = ""
        for item in items {
            if !current.isEmpty, current.count &+ separator.count &+ item.count > width {
                line(prefix + current)
                current = ""
            }
            current += current.isEmpty ? item : separator + item
        }
        if !current.isEmpty { line(prefix + current) }
    }

    /// The text, ending with a newline.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A Swift string literal.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
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
