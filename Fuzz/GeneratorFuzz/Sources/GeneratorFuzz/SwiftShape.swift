/// What any Swift the generator renders must look like, whatever the document said: text from the
/// document may only reach comments and string literals, so the code around them keeps its shape.
///
/// A small lexer of Swift (line and block comments, string literals with escapes, interpolation,
/// multi-line and raw strings) that checks brackets balance outside comments and strings, that a
/// single-line string literal ends on its line, and that the text holds no carriage return or
/// other control character (Swift ends a line, and so a `///` comment, at a lone `\r`, which would
/// turn the rest of a description into code).
enum SwiftShape {
    static func problem(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() where scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0x7F {
            return "control character U+\(String(scalar.value, radix: 16, uppercase: true)) at \(place(offset, in: scalars))"
        }
        var lexer = Lexer(scalars: scalars)
        return lexer.check()
    }

    static func place(_ offset: Int, in scalars: [Unicode.Scalar]) -> String {
        var line = 1
        var start = 0
        for index in 0..<min(offset, scalars.count) where scalars[index] == "\n" {
            line += 1
            start = index + 1
        }
        let end = scalars[start...].firstIndex(of: "\n") ?? scalars.count
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<end].prefix(200))
        return "line \(line): \(text)"
    }

    private struct Lexer {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Open brackets outside strings; an interpolation's `(` is marked by `\`.
        var stack: [(Unicode.Scalar, Int)] = []

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }

        func starts(_ text: String) -> Bool {
            var offset = 0
            for scalar in text.unicodeScalars {
                guard at(offset) == scalar else { return false }
                offset += 1
            }
            return true
        }

        mutating func check() -> String? {
            while index < scalars.count {
                if let problem = step() { return problem }
            }
            if let (open, offset) = stack.last { return "`\(open)` never closed, opened at \(SwiftShape.place(offset, in: scalars))" }
            return nil
        }

        /// One token of code.
        mutating func step() -> String? {
            let scalar = scalars[index]
            if starts("//") {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                return nil
            }
            if starts("/*") {
                let start = index
                var depth = 0
                while index < scalars.count {
                    if starts("/*") { depth += 1; index += 2 } else if starts("*/") {
                        depth -= 1
                        index += 2
                        if depth == 0 { return nil }
                    } else { index += 1 }
                }
                return "block comment never closed, opened at \(SwiftShape.place(start, in: scalars))"
            }
            if scalar == "#" || scalar == "\"" {
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                if at(hashes) == "\"" {
                    index += hashes
                    return string(hashes: hashes)
                }
                index += 1
                return nil
            }
            switch scalar {
            case "(", "[", "{":
                stack.append((scalar, index))
            case ")", "]", "}":
                let expected: Unicode.Scalar = scalar == ")" ? "(" : scalar == "]" ? "[" : "{"
                guard let (open, _) = stack.popLast() else { return "`\(scalar)` closes nothing at \(SwiftShape.place(index, in: scalars))" }
                guard open == expected || (open == "\\" && scalar == ")") else {
                    return "`\(scalar)` closes `\(open)` at \(SwiftShape.place(index, in: scalars))"
                }
                if open == "\\" {
                    index += 1
                    return Self.endOfInterpolation
                }
            default:
                break
            }
            index += 1
            return nil
        }

        /// Marks the return from an interpolation to its string (not a problem).
        static let endOfInterpolation = "\u{0}"

        /// A string literal from its opening quote (after `hashes` `#`s) to its end.
        mutating func string(hashes: Int) -> String? {
            let start = index
            let multiline = starts("\"\"\"")
            index += multiline ? 3 : 1
            let closing = String(repeating: "\"", count: multiline ? 3 : 1) + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            while index < scalars.count {
                if starts(closing) {
                    index += closing.unicodeScalars.count
                    return nil
                }
                if !multiline, scalars[index] == "\n" {
                    return "string literal not closed on its line: \(SwiftShape.place(start, in: scalars))"
                }
                if starts(escape) {
                    index += escape.unicodeScalars.count
                    if at(0) == "(" {
                        // An interpolation: code until its `)`.
                        stack.append(("\\", index))
                        index += 1
                        let depth = stack.count
                        while index < scalars.count {
                            let problem = step()
                            if problem == Self.endOfInterpolation, stack.count == depth - 1 { break }
                            if let problem, problem != Self.endOfInterpolation { return problem }
                        }
                    } else {
                        index += 1
                    }
                    continue
                }
                index += 1
            }
            return "string literal never closed, opened at \(SwiftShape.place(start, in: scalars))"
        }
    }
}
