import Bricks

extension HTTPTransport {
    /// A ``/Bricks/Session`` that sends through this transport: the one-line setup of a test.
    ///
    /// ```swift
    /// let stub = StubTransport()
    /// await stub.register(.get, "/users/*", json: #"{"id": 1, "login": "octocat"}"#)
    /// let user = try await stub.session().send(GetUser(login: "octocat"))
    /// ```
    /// - Parameters:
    ///   - middleware: the middleware stack, outermost first. Default: none.
    ///   - limits: limits on every response. Default: `ResponseLimits()`.
    public func session(middleware: [any Middleware] = [], limits: ResponseLimits = ResponseLimits()) -> Session {
        Session(transport: self, middleware: middleware, limits: limits)
    }
}
