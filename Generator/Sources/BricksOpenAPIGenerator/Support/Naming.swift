/// Swift names for the names of a document: types in UpperCamelCase, members in lowerCamelCase,
/// keywords in backticks.
enum Naming {
    /// Words of `text`: split at every character that is not a letter or digit, and where a
    /// lowercase letter or digit is followed by an uppercase one (`listForOrg` → list, For, Org).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            if character == "+" {
                if !current.isEmpty { words.append(current) }
                words.append("plus")
                current = ""
                previous = nil
                continue
            }
            if character == "-", current.isEmpty, words.isEmpty {
                words.append("minus")
                previous = nil
                continue
            }
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, character.isUppercase, previous.isLowercase || previous.isNumber {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The words a name is made of: those of ``words(_:)``, in lowercase when the text is in
    /// capitals joined by `_` (`PROJECT_CREATED` → project, created: `.projectCreated`, not
    /// `.projectCREATED`). Acronyms stay as written: alone (`URL`, `GET`) or joined otherwise
    /// (the header `X-RGB` is `xRGB`).
    private static func nameWords(_ text: String) -> [String] {
        let parts = words(text)
        guard parts.count > 1, text.contains("_"), !text.contains(where: \.isLowercase) else { return parts }
        return parts.map { $0.lowercased() }
    }

    /// `simple-user` → `SimpleUser`, `PROJECT_CREATED` → `ProjectCreated`; a leading digit gets an
    /// underscore before it.
    static func typeName(_ text: String) -> String {
        let joined = nameWords(text).map(capitalizingFirst).joined()
        return guardLeadingDigit(joined.isEmpty ? "Value" : joined)
    }

    /// `html_url` → `htmlUrl`, `URLPath` → `urlPath`, `IN_PROGRESS` → `inProgress`; keywords in
    /// backticks are left to ``escaped(_:)``.
    static func memberName(_ text: String) -> String {
        let parts = nameWords(text)
        guard let first = parts.first else { return "value" }
        let rest = parts.dropFirst().map(capitalizingFirst).joined()
        return guardLeadingDigit(lowercasingLeadingCapitals(first) + rest)
    }

    /// The name in backticks when Swift reserves it.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    private static func capitalizingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `URL` → `url`, `URLPath` → `urlPath`, `Name` → `name`.
    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var count = 0
        while count < characters.count, characters[count].isUppercase { count &+= 1 }
        if count == 0 { return word }
        if count == characters.count || count == 1 { return String(word.lowercased().prefix(count)) + String(characters[count...]) }
        // `URLPath`: the last capital starts the next word.
        let head = String(characters[..<(count &- 1)]).lowercased()
        return head + String(characters[(count &- 1)...])
    }

    private static func guardLeadingDigit(_ name: String) -> String {
        guard let first = name.first, first.isNumber else { return name }
        return "_" + name
    }

    /// Words Swift reserves in a member position.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "Any", "Type", "Protocol", "await",
    ]

    /// Type names a generated type must not take. The output writes every name it takes from Swift,
    /// Foundation or Bricks qualified (`Swift.String`, `Bricks.Middleware.Next`), so no name can break
    /// it, but for the modules' own (`Swift`, `Foundation`, `Bricks`: a type of that name would hide
    /// the module). The others are names an app writes every day: a model `Error` or `Data` would hide
    /// Swift's and Foundation's in the app's own code when generated into the app's target.
    static let reservedTypeNames: Set<String> = [
        "Any", "Array", "Bool", "Character", "Codable", "Data", "Date", "Decimal", "Decodable", "Decoder",
        "Dictionary", "Double", "Duration", "Encodable", "Encoder", "Equatable", "Error", "Float", "Hashable",
        "Int", "Int32", "Int64", "JSONDecoder", "JSONEncoder", "Never", "Optional", "Protocol", "Range",
        "Result", "Self", "Sendable", "Set", "String", "Task", "Type", "URL", "URLQueryItem", "URLRequest",
        "UUID", "Void", "CodingKey", "CodingKeys", "RawRepresentable", "Swift", "Foundation", "Bricks", "Session",
        "HTTPMethod", "Middleware", "CallContext", "RawResponse", "ResponseHead", "ServerSentEvent",
        "MultipartFormPart", "QueryEncoder", "Endpoint", "WebAPI", "RequestBody", "RequestHead", "JSONValue", "Indirect",
        "APIError", "Value", "OrEmpty",
    ]

    /// Names a top-level type must not take: those above, and the associated types of the bricks
    /// that a request struct declares as nested types.
    static let reservedTopLevelNames: Set<String> = reservedTypeNames.union(["Body", "Response", "Event"])
}
