import Foundation

/// Secret redaction: a secret's value never survives in a log line, a URL or a form shown to a
/// person, however its name is written (any case, percent-encoded) and whatever surrounds it.
///
/// Input: NUL-separated texts: a prefix, then name and value pairs; a name whose first byte is
/// odd is replaced by a secret name (in a case and encoding the input picks) and its value marked.
enum RedactionTarget {
    /// What every secret value starts and ends with, and no other text holds (the input's `Q`s
    /// are taken out).
    static let marker = "QQQ"

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let secrets = Lib.secretQueryNames
        let prefix = clean(input.text(until: 0))
        var pairs: [(name: String, value: String, secret: Bool)] = []
        while !input.isAtEnd, pairs.count < 8 {
            let choice = input.byte()
            let name = clean(input.text(until: 0))
            let value = clean(input.text(until: 0))
            if choice & 1 == 1 {
                var secretName = secrets[Int(choice >> 1) % secrets.count]
                if choice & 0x40 != 0 { secretName = secretName.uppercased() }
                pairs.append((secretName, marker + value + marker, true))
            } else {
                pairs.append((name, value, false))
            }
        }
        let encodedPairs = pairs.map { Lib.encodeQueryPair(name: $0.name, value: $0.value) }
        let query = encodedPairs.joined(separator: "&")
        let hasSecret = pairs.contains { $0.secret }

        // A URL's query, and a URL inside free text.
        let url = "https://api.example.com/p?" + query
        check(Lib.redact(url, as: .query), hasSecret, "query", url)
        check(Lib.redact(prefix + " " + url + " " + prefix, as: .text), hasSecret, "text", url)
        // A form body.
        let form = String(decoding: Lib.formBody(pairs.map { ($0.name, $0.value) }), as: UTF8.self)
        check(Lib.redact(form, as: .form), hasSecret, "form", form)
        // A password in a URL.
        let password = marker + prefix.filter { $0 != "@" && $0 != "/" && !$0.isWhitespace }
        let withPassword = prefix + " https://user:" + password + "@example.com/x?" + query
        check(Lib.redact(withPassword, as: .text), true, "password", withPassword)

        // What the logging middleware prints: the curl line, the URL, the header lines.
        if let target = URL(string: url) {
            var fields: [Field] = []
            for (index, name) in Lib.secretHeaderNames.enumerated() where pairs.indices.contains(index) {
                let value = pairs[index].value.filter { $0 != "\r" && $0 != "\n" }
                fields.append((index % 2 == 0 ? name.lowercased() : name, marker + value))
            }
            if let lines = Lib.logLines(url: target, fields, formBody: Lib.formBody(pairs.map { ($0.name, $0.value) })) {
                for line in lines { check(line, false, "log line", line) }
            }
        }
    }

    /// The text without the marker, so that only secret values hold it.
    static func clean(_ text: String) -> String { String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "Q" })) }

    /// Whether `text` holds `marker`, byte for byte.
    static func holdsMarker(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let needle = Array(marker.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { start in needle.indices.allSatisfy { bytes[start + $0] == needle[$0] } }
    }

    static func check(_ redacted: String, _ hadSecret: Bool, _ what: String, _ original: String) {
        require(!holdsMarker(redacted), "a secret survives in the \(what): \(redacted.debugDescription) from \(original.debugDescription)")
        if hadSecret { require(redacted.contains(Lib.placeholder), "no \(Lib.placeholder) in the \(what) \(redacted)") }
    }
}
