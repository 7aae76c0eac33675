import ServerSide
import Foundation
import HTTPBin
import Logging

// Against the local httpbin that scripts/httpbin.sh starts (BRICKS_HTTPBIN_URL).
guard let server = ProcessInfo.processInfo.environment["BRICKS_HTTPBIN_URL"] else {
    print("consumer: BRICKS_HTTPBIN_URL is not set (start scripts/httpbin.sh)")
    exit(2)
}
LoggingSystem.bootstrap(StreamLogHandler.standardOutput)

let url = try await fetchThroughAsyncHTTPClient(baseURL: server, logger: Logger(label: "consumer"))
print("consumer: GET through AsyncHTTPClientTransport: httpbin saw \(url)")

HTTPBinCoding.baseURL = server
let model = EchoModel()
try await model.greet("hello")
print("consumer: generated GetEcho(greeting: \"hello\"): httpbin saw the arguments \(model.arguments)")
