import Bricks
import BricksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BricksError {
    /// An unacceptable status `code`, for `#expect(throws:)`: the test helpers' equality compares
    /// the status code only, not the head's fields or the body.
    static func unacceptable(status code: Int) -> BricksError {
        BricksError(.unacceptableStatus(ResponseHead(statusCode: code, url: exampleBase), body: Data()))
    }
}
