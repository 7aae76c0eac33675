@testable import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private struct Upload: ExampleRequest, POSTRequestType, MultipartFormBodyRequestType, EmptyResponseType {
    var parts: [MultipartFormPart]
    var path: String { "/upload" }
}

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

@Suite struct MultipartTests {
    @Test func framingIsExact() throws {
        let body = try MultipartBodyBuilder.body(
            for: [
                .text(name: "title", value: "Holiday"),
                .file(name: "photo", filename: "beach.jpg", contentType: "image/jpeg", data: Data("JPEG".utf8)),
                MultipartFormPart(name: "raw", data: Data()),
            ],
            makeBoundary: { "XyZ" })
        #expect(
            text(body)
                == "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHoliday\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"beach.jpg\"\r\n"
                + "Content-Type: image/jpeg\r\n\r\nJPEG\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"raw\"\r\n\r\n\r\n"
                + "--XyZ--\r\n")
    }

    @Test func requestCarriesTheBoundaryOfItsBody() throws {
        let request = try Upload(parts: [.text(name: "a", value: "1")]).makeURLRequest()
        let contentType = try #require(request.value(forHTTPHeaderField: "Content-Type"))
        let prefix = "multipart/form-data; boundary="
        #expect(contentType.hasPrefix(prefix))
        let boundary = String(contentType.dropFirst(prefix.count))
        #expect(boundary.count <= 70 && boundary.hasPrefix("Bricks-"))
        let body = text(try #require(request.httpBody))
        #expect(body.hasPrefix("--\(boundary)\r\n"))
        #expect(body.hasSuffix("\r\n--\(boundary)--\r\n"))
        let again = try Upload(parts: [.text(name: "a", value: "1")]).makeURLRequest()
        #expect(again.value(forHTTPHeaderField: "Content-Type") != contentType, "boundaries are random")
    }

    @Test func boundaryNeverOccursInTheContent() throws {
        var offered = ["taken", "also-taken", "free"][...]
        let parts: [MultipartFormPart] = [
            .file(name: "f", filename: "f.txt", data: Data("x--taken\r\n".utf8)),
            .text(name: "t", value: "also-taken"),
        ]
        let body = try MultipartBodyBuilder.body(for: parts, makeBoundary: { offered.removeFirst() })
        #expect(text(body).hasPrefix("--free\r\n"))
        #expect(offered.isEmpty)
    }

    @Test func givesUpWhenEveryBoundaryCollides() {
        let parts = [MultipartFormPart.text(name: "t", value: "same")]
        #expect(throws: BricksError(.invalidRequest(""))) {
            try MultipartBodyBuilder.body(for: parts, makeBoundary: { "same" })
        }
    }

    @Test func emptyNameIsAClearError() {
        let request = Upload(parts: [.text(name: "ok", value: "1"), .text(name: "", value: "2")])
        do {
            _ = try request.makeURLRequest()
            Issue.record("built a part without a name")
        } catch let error as BricksError {
            #expect(error == .invalidRequest(""))
            #expect(error.description.contains("multipart part 2 has an empty name"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func namesAreEscapedAndNonASCIIIsUTF8() throws {
        let body = try MultipartBodyBuilder.body(
            for: [.file(name: "a\"b", filename: "résumé \"final\"\r\n.pdf", data: Data())], makeBoundary: { "B" })
        #expect(
            text(body)
                == "--B\r\nContent-Disposition: form-data; name=\"a%22b\"; "
                + "filename=\"résumé %22final%22%0D%0A.pdf\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n\r\n--B--\r\n")
    }

    @Test func partContentTypeWithALineBreakIsRejected() {
        let part = MultipartFormPart(name: "x", contentType: "text/plain\r\nX-Evil: 1", data: Data())
        #expect(throws: BricksError(.invalidRequest(""))) { try Upload(parts: [part]).makeURLRequest() }
    }

    /// The body knows its boundary: it is never read back out of the bytes.
    @Test func theBodyCarriesTheBoundaryItWasFramedWith() throws {
        let body = try MultipartBodyBuilder.requestBody(for: [MultipartFormPart.text(name: "a", value: "1")]) { "B-1" }
        #expect(body.contentType == "multipart/form-data; boundary=B-1")
        #expect(String(decoding: try #require(body.data), as: UTF8.self).hasPrefix("--B-1\r\n"))
        let typed = try MultipartBodyBuilder.requestBody(
            for: [MultipartFormPart.text(name: "a", value: "1")], contentType: "multipart/mixed") { "B-2" }
        #expect(typed.contentType == "multipart/mixed; boundary=B-2")
    }

    @Test func largeBodiesAreBuiltInLinearTime() throws {
        let chunk = Data(repeating: 0x61, count: 4096)
        let parts = (0..<4000).map { MultipartFormPart.file(name: "f\($0)", filename: "\($0).bin", data: chunk) }
        let started = ContinuousClock.now
        let body = try MultipartBodyBuilder.body(for: parts)
        // Quadratic copying of 16 MB in 4,000 appends would take minutes; linear takes well under a second.
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(body.count > 4000 * 4096)
    }
}
