import Foundation

/// GitHub's own error, decoded from the body of an error reply:
/// `{"message": "Validation Failed", "errors": [{"resource": "Label", "field": "color", "code":
/// "invalid"}], "documentation_url": "…"}`. Because ``GitHubRequest`` names it as its `APIError`,
/// the session throws it for any error reply whose body has this shape.
struct GitHubError: Error, Decodable, Sendable, CustomStringConvertible {
    /// One problem with one field of the request.
    struct FieldError: Decodable, Sendable {
        let resource: String?
        let field: String?
        let code: String
        let message: String?
    }

    let message: String
    let errors: [FieldError]?
    let documentationUrl: String?

    private enum CodingKeys: String, CodingKey {
        case message, errors, documentationUrl
    }

    /// `Validation Failed (Label.color: invalid)`; the status travels beside it, in the
    /// `TypedAPIError` that carries it.
    var description: String {
        let details = (errors ?? []).map { error in
            let subject = [error.resource, error.field].compactMap { $0 }.joined(separator: ".")
            return (subject.isEmpty ? "" : subject + ": ") + (error.message ?? error.code)
        }
        return message + (details.isEmpty ? "" : " (\(details.joined(separator: "; ")))")
    }
}
