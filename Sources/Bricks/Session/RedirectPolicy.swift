import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``Session`` does when a server answers with a redirect (3xx with `Location`).
///
/// The Session follows redirects itself, for every transport alike (transports never do):
/// FoundationNetworking on Linux, left alone, forwards `Authorization` to whichever host a
/// redirect names and drops the body of a 307 redirect.
///
/// ``follow``, the default:
/// - never follows `https` → `http`, nor a target that is not `http` or `https`;
/// - refuses a target with user info (`http://user:pass@host/`), which would become credentials;
/// - on a redirect to another origin (scheme, host or port differs), drops the secret headers
///   (`Authorization`, `Proxy-Authorization`, `Cookie` and those the logging redacts);
/// - on 307 and 308, keeps the method and the body, as RFC 9110 requires; on 303, and on 301 or
///   302 after a `POST`, sends a `GET` without body;
/// - gives up after ``maximumRedirects`` with ``BricksError/Reason/tooManyRedirects(count:lastLocation:)``.
public struct RedirectPolicy: Sendable, Equatable {
    /// Whether redirects are followed at all.
    public var followsRedirects: Bool
    /// The most redirects followed for one request; one more fails with
    /// ``BricksError/Reason/tooManyRedirects(count:lastLocation:)``.
    public var maximumRedirects: Int

    /// Makes a policy.
    /// - Parameters:
    ///   - followsRedirects: whether to follow redirects. Default: `true`.
    ///   - maximumRedirects: the most redirects followed for one request. Default: 10.
    public init(followsRedirects: Bool = true, maximumRedirects: Int = 10) {
        self.followsRedirects = followsRedirects
        self.maximumRedirects = maximumRedirects
    }

    /// The default: follow redirects safely, at most 10 of them.
    public static let follow = RedirectPolicy()

    /// Never follows redirects: the 3xx response comes back to the caller (and, unless the
    /// endpoint accepts it, fails as an unacceptable status).
    public static let doNotFollow = RedirectPolicy(followsRedirects: false)

    /// Follows redirects as ``follow`` does, but at most `count` of them.
    public static func follow(maximumRedirects count: Int) -> RedirectPolicy {
        RedirectPolicy(maximumRedirects: count)
    }

    /// Whether a reply with `status` may be a redirect this policy follows (a 3xx but `304`, when
    /// redirects are followed): the core asks before ``redirect(after:body:response:secretHeaders:)``,
    /// which a reply of any other status need not be handed to.
    func follows(_ status: Int) -> Bool { followsRedirects && (300..<400).contains(status) && status != 304 }

    /// The request to send after `response`, or `nil` when it is not a redirect to follow (not a
    /// 3xx with a `Location`, a `304`, a downgrade to `http`, or redirects are not followed).
    ///
    /// The `Location` is resolved against the URL that answered.
    /// - Parameter secretHeaders: the lowercased names of the headers that never cross origins.
    /// - Throws: ``BricksError`` when the target is no URL a request can go to (it carries user
    ///   info, or has no host): the rules of ``URLParts``, read once.
    func redirect(
        after previous: RequestHead, body: RequestBody?, response: ResponseHead, secretHeaders: Set<String>
    ) throws(BricksError) -> (head: RequestHead, body: RequestBody?)? {
        guard follows(response.statusCode), let location = response.headerFields["Location"],
            let text = URLReference.resolve(location, against: response.url),
            let targetScheme = URLParts.scheme(of: text)
        else { return nil }
        if previous.scheme == "https", targetScheme != "https" { return nil }
        let target: URLParts
        do {
            target = try URLParts(text, what: "the redirect's Location")
        } catch {
            guard case .invalidURL(let why) = error.reason else { throw error }
            throw BricksError(.invalidResponse("the server redirected to a URL Bricks never sends to: \(why)"))
        }

        var next = previous
        next.setLocation(target)
        let status = response.statusCode
        let keepsMethodAndBody = status == 307 || status == 308
            || ((status == 301 || status == 302) && previous.method != .post)
        let nextBody = keepsMethodAndBody ? body : nil
        if !keepsMethodAndBody { next.method = previous.method == .head ? .head : .get }
        let sameOrigin = previous.origin == next.origin
        // Only removes fields: what was checked before the first request stays checked.
        next.headerFields.removeAll { field in
            if !sameOrigin, SecretNames.isSecret(headerNamed: field.name, in: secretHeaders) { return true }
            return nextBody == nil
                && (HeaderFields.equalIgnoringCase(field.name, "Content-Type")
                    || HeaderFields.equalIgnoringCase(field.name, "Content-Length"))
        }
        return (next, nextBody)
    }
}
