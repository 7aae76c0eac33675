import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authentication challenges: Bricks answers HTTP authentication itself (an `Authorization`
/// header, `AuthorizationMiddleware`), so a challenge comes back as the ordinary 401 or 407 it is.
extension URLSessionTransportDelegate {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard Self.httpAuthenticationMethods.contains(challenge.protectionSpace.authenticationMethod) else {
            Self.foundationCalls.async { completionHandler(.performDefaultHandling, nil) }
            return
        }
        // An HTTP authentication challenge (Basic, Digest, …). Left to FoundationNetworking it
        // never completes; cancel it and report the challenge's response as an ordinary 401/407.
        if let failure = (challenge.failureResponse as? HTTPURLResponse) ?? Self.unauthorizedResponse(for: task) {
            tasks.withLock { $0[task.taskIdentifier]?.challengeResponse = failure }
        }
        Self.foundationCalls.async { completionHandler(.cancelAuthenticationChallenge, nil) }
    }

    /// The challenges of HTTP authentication schemes, which Bricks answers itself.
    private static let httpAuthenticationMethods: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
        NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]

    /// A bare 401 for a challenge that came without its response.
    private static func unauthorizedResponse(for task: URLSessionTask) -> HTTPURLResponse? {
        guard let url = task.currentRequest?.url ?? task.originalRequest?.url else { return nil }
        return HTTPURLResponse(url: url, statusCode: 401, httpVersion: "HTTP/1.1", headerFields: [:])
    }
}
