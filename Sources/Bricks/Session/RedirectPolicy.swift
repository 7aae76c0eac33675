import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decides what happens when a server answers with a redirect (3xx with `Location`).
///
/// Transports follow redirects themselves, through ``nextRequest(after:response:)``, rather than
/// leaving them to the HTTP stack underneath: FoundationNetworking on Linux, left alone, forwards
/// `Authorization` to whichever host a redirect names and drops the body of a 307 redirect.
public struct RedirectPolicy: Sendable {
    /// Returns the request to send next, or `nil` to stop and hand the 3xx reply to the caller.
    /// Arguments: the request that was answered with a redirect, the request the redirect
    /// proposes, and the redirect reply itself.
    public typealias Decision = @Sendable (URLRequest, URLRequest, HTTPURLResponse) -> URLRequest?

    private let decision: Decision
    /// The most redirects followed for one request; one more fails with `URLError.httpTooManyRedirects`.
    public var maximumRedirects: Int

    /// Makes a policy from a closure. See ``custom(_:)``.
    /// - Parameters:
    ///   - maximumRedirects: the most redirects followed for one request. Default: 10.
    ///   - decision: returns the request to send next, or `nil` to stop.
    public init(maximumRedirects: Int = 10, _ decision: @escaping Decision) {
        self.maximumRedirects = maximumRedirects
        self.decision = decision
    }

    /// The request to send after `response`, or `nil` when `response` is not a redirect to follow
    /// (not a 3xx with a `Location`, a `304`, or refused by the policy).
    ///
    /// The `Location` is resolved against the URL that answered; the proposed request keeps the
    /// previous method, headers and body, and the policy decides from there.
    /// - Throws: ``BricksError/invalidHeader(name:reason:)`` when the policy's request carries an
    ///   invalid header.
    public func nextRequest(after previous: URLRequest, response: HTTPURLResponse) throws -> URLRequest? {
        guard (300..<400).contains(response.statusCode), response.statusCode != 304,
            let location = response.value(forHTTPHeaderField: "Location"),
            let target = URL(string: location, relativeTo: response.url ?? previous.url)?.absoluteURL
        else { return nil }
        var proposed = previous
        proposed.url = target
        guard let next = decision(previous, proposed, response) else { return nil }
        for (name, value) in next.allHTTPHeaderFields ?? [:] {
            try HeaderValidation.validate(name: name, value: value)
        }
        return next
    }

    /// Asks the policy what to send for a redirect.
    /// - Parameters:
    ///   - previous: the request that was answered with the redirect.
    ///   - proposed: the request the redirect proposes (method and headers as the transport made them).
    ///   - response: the redirect reply.
    /// - Returns: the request to send, or `nil` to return the redirect reply as it is.
    public func request(after previous: URLRequest, proposed: URLRequest, response: HTTPURLResponse) -> URLRequest? {
        decision(previous, proposed, response)
    }

    /// The default: follow redirects safely.
    ///
    /// - Never follows `https` → `http`.
    /// - On a redirect to another origin (scheme, host or port differs), drops `Authorization`,
    ///   `Proxy-Authorization` and `Cookie`.
    /// - On 307 and 308, keeps the method and the body, as RFC 9110 requires; on 303, and on 301 or
    ///   302 after a `POST`, sends a `GET` without body.
    public static let follow = RedirectPolicy { previous, proposed, response in
        safeRedirect(from: previous, proposed: proposed, status: response.statusCode)
    }

    /// Never follows redirects: the 3xx reply comes back to the caller (and, unless the endpoint
    /// accepts it, fails as an unacceptable status).
    public static let doNotFollow = RedirectPolicy { _, _, _ in nil }

    /// A policy of your own. Start from ``follow``'s rules with ``safeRedirect(from:proposed:status:)``
    /// to keep its protections.
    public static func custom(_ decision: @escaping Decision) -> RedirectPolicy { RedirectPolicy(decision) }

    /// Follows redirects as ``follow`` does, but at most `count` of them.
    public static func follow(maximumRedirects count: Int) -> RedirectPolicy {
        var policy = follow
        policy.maximumRedirects = count
        return policy
    }

    /// Headers that carry credentials and never cross to another origin.
    public static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// The request ``follow`` sends for a redirect, or `nil` when it refuses (a downgrade to `http`).
    public static func safeRedirect(from previous: URLRequest, proposed: URLRequest, status: Int) -> URLRequest? {
        guard let target = proposed.url, let source = previous.url ?? proposed.url else { return nil }
        let targetScheme = target.scheme?.lowercased()
        if source.scheme?.lowercased() == "https", targetScheme != "https" { return nil }
        guard targetScheme == "http" || targetScheme == "https" else { return nil }

        var next = URLRequest(url: target, cachePolicy: previous.cachePolicy, timeoutInterval: previous.timeoutInterval)
        let previousMethod = previous.httpMethod ?? "GET"
        let keepsMethodAndBody = status == 307 || status == 308
            || ((status == 301 || status == 302) && previousMethod != "POST")
        if keepsMethodAndBody && status != 303 {
            next.httpMethod = previousMethod
            next.httpBody = previous.httpBody
        } else {
            next.httpMethod = previousMethod == "HEAD" ? "HEAD" : "GET"
        }
        let sameOrigin = Origin(source) == Origin(target)
        for (name, value) in previous.allHTTPHeaderFields ?? [:] {
            if !sameOrigin, credentialHeaders.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                continue
            }
            if next.httpBody == nil,
                ["content-type", "content-length"].contains(name.lowercased())
            {
                continue
            }
            next.setValue(value, forHTTPHeaderField: name)
        }
        return next
    }
}

/// Scheme, host and port of a URL, with default ports filled in: what "same origin" compares.
struct Origin: Equatable {
    let scheme: String
    let host: String
    let port: Int

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }
}
