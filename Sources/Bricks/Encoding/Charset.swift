import Foundation

/// Reads the `charset` of a `Content-Type` and decodes text bodies with it.
///
/// Names are matched against a fixed table of the IANA names (and common aliases) that Foundation
/// decodes on every platform, so behaviour does not depend on the OS.
enum Charset {
    /// What went wrong turning a body into text; Bricks reports it as
    /// ``BricksError/Reason/decoding(_:bodyExcerpt:)``.
    enum Failure: Error, CustomStringConvertible {
        case unknown(String)
        case undecodable(String, byteCount: Int)

        var description: String {
            switch self {
            case .unknown(let name):
                "the Content-Type names charset \"\(name)\", which Bricks cannot decode; supported are "
                    + Charset.supportedNames.joined(separator: ", ")
                    + " (decode other text yourself with DataResponseType)"
            case .undecodable(let name, let count):
                "the \(count)-byte body is not valid \(name) text (check the Content-Type charset the server sends)"
            }
        }
    }

    /// The `charset` parameter of `contentType`, unquoted, or `nil` when there is none.
    static func name(inContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2,
                pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
            else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            return value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }

    /// The encoding a charset name stands for, or `nil` when it is not in the table.
    static func encoding(named name: String) -> String.Encoding? {
        table[name.lowercased()]
    }

    /// Decodes `data` with the charset of `response`'s `Content-Type`, or with `fallback` when it
    /// names none.
    /// - Throws: ``Failure`` for an unknown charset or bytes that are not valid in it.
    static func decode(_ data: Data, contentType: String?, fallback: String.Encoding) throws -> String {
        var encoding = fallback
        var name = fallback == .utf8 ? "UTF-8" : fallback.description
        if let contentType, let declared = Charset.name(inContentType: contentType) {
            guard let known = Charset.encoding(named: declared) else { throw Failure.unknown(declared) }
            encoding = known
            name = declared
        }
        guard let text = String(data: data, encoding: encoding) else {
            throw Failure.undecodable(name, byteCount: data.count)
        }
        return text
    }

    /// IANA names and aliases, lower-cased.
    private static let table: [String: String.Encoding] = [
        "utf-8": .utf8, "utf8": .utf8,
        "us-ascii": .ascii, "ascii": .ascii,
        "iso-8859-1": .isoLatin1, "iso8859-1": .isoLatin1, "latin1": .isoLatin1, "l1": .isoLatin1,
        "iso-8859-2": .isoLatin2, "latin2": .isoLatin2,
        "windows-1250": .windowsCP1250, "windows-1251": .windowsCP1251, "windows-1252": .windowsCP1252,
        "cp1252": .windowsCP1252, "windows-1253": .windowsCP1253, "windows-1254": .windowsCP1254,
        "utf-16": .utf16, "utf-16be": .utf16BigEndian, "utf-16le": .utf16LittleEndian,
        "utf-32": .utf32, "utf-32be": .utf32BigEndian, "utf-32le": .utf32LittleEndian,
        "shift_jis": .shiftJIS, "euc-jp": .japaneseEUC, "iso-2022-jp": .iso2022JP,
        "macintosh": .macOSRoman,
    ]

    /// The names Bricks understands, for error messages.
    static let supportedNames = [
        "UTF-8", "US-ASCII", "ISO-8859-1", "ISO-8859-2", "windows-1250…1254", "UTF-16", "UTF-32", "Shift_JIS",
        "EUC-JP", "ISO-2022-JP", "macintosh",
    ]
}
