import Bricks
import Testing

/// The one redaction of logs, error messages and recordings.
@Suite struct SecretRedactionTests {
    let redaction = SecretRedaction(parameterNames: ["token", "api_key", "access token"])

    @Test func aSecretQueryValueIsHiddenToItsAmpersandWhateverItHolds() {
        #expect(redaction.redacting("https://h/p?a=1&token=abc,def;g&b=2", in: .query)
            == "https://h/p?a=1&token=REDACTED&b=2")
    }

    @Test func aPairInsideAnotherValueIsStillFound() {
        #expect(redaction.redacting("https://h/a=b?token=abc", in: .query) == "https://h/a=b?token=REDACTED")
        #expect(redaction.redacting("/p?next=/q?token=abc", in: .query) == "/p?next=/q?token=REDACTED")
    }

    @Test func namesCompareDecodedAndWithoutCase() {
        #expect(redaction.redacting("API%5FKEY=1&Access+Token=2&access%20token=3&tokens=4", in: .query)
            == "API%5FKEY=REDACTED&Access+Token=REDACTED&access%20token=REDACTED&tokens=4")
    }

    @Test func inTextAValueEndsWhereAURLInAHeaderEnds() {
        #expect(redaction.redacting(#"<https://h/p?token=abc>; rel="next", <https://h/p?page=2>"#, in: .text)
            == #"<https://h/p?token=REDACTED>; rel="next", <https://h/p?page=2>"#)
    }

    @Test func aURLPasswordIsHiddenEvenWithAnAtSignInIt() {
        #expect(redaction.redacting("see https://user:p@ss@host/x and ftp://u:v@h", in: .text)
            == "see https://user:REDACTED@host/x and ftp://u:REDACTED@h")
        #expect(SecretRedaction(parameterNames: []).redacting("https://user@host/a@b", in: .query)
            == "https://user@host/a@b")
    }

    @Test func aPasswordHoldingAQuestionMarkOrHashIsHidden() {
        let none = SecretRedaction(parameterNames: [])
        #expect(none.redacting("postgres://user:pa#ss@db/x", in: .text) == "postgres://user:REDACTED@db/x")
        #expect(none.redacting("https://u:p?ss@host/", in: .query) == "https://u:REDACTED@host/")
    }

    @Test func aFormValueRunsToItsAmpersandWhateverItHolds() {
        #expect(redaction.redacting("a=1&token=ab#cd?e;f&b=2", in: .form) == "a=1&token=REDACTED&b=2")
    }

    @Test func inTextAFragmentOrASemicolonStartsAPair() {
        #expect(redaction.redacting("https://app/cb#token=abc&state=1", in: .text) == "https://app/cb#token=REDACTED&state=1")
        #expect(redaction.redacting("a=1;token=abc;b=2", in: .text) == "a=1;token=REDACTED;b=2")
    }

    @Test func textWithoutSecretsIsUnchanged() {
        for text in ["", "plain", "a=1&b=2", "?", "&&==", "=x", "https://h/p?q=a%20b#frag", "é=ü&token"] {
            #expect(redaction.redacting(text, in: .query) == text)
            #expect(redaction.redacting(text, in: .form) == text)
            #expect(redaction.redacting(text, in: .text) == text)
        }
    }
}
