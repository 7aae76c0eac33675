import Bricks
import Foundation

/// `--download FILE`: a streamed call. The repository's body goes to FILE through
/// `Session.download(_:to:progress:)` (a temporary file beside it, renamed into place when
/// complete), and each progress report is drawn as a text bar.
///
/// Bricks reports progress each time at least 1 MiB more has arrived, and once at the end; a
/// recording of a few kilobytes therefore gets a single report, at 100%. The bar says so and shows
/// the byte counts rather than pretend to animate.
struct Download {
    let client: GitHubClient
    let destination: URL

    func run() async throws {
        let owner = Walkthrough.owner
        print("\n== Download GET /repos/\(owner)/hello-world to \(destination.path)")
        let reports = ProgressReports()
        let head: ResponseHead
        do {
            head = try await client.session.download(
                DownloadRepository(owner: owner, name: "hello-world").with(baseURL: client.server), to: destination
            ) { progress in
                reports.append(progress)
                print(Self.bar(progress))
            }
        } catch {
            throw ExampleError.callFailed(
                step: "download repository \(owner)/hello-world", server: client.server, underlying: error)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int) ?? 0
        let count = reports.count
        print(
            "\(count) progress \(count == 1 ? "report" : "reports") for \(size) bytes: Bricks reports every MiB and "
                + "at the end, so a body under 1 MiB gets one.")
        let announced = head.expectedContentLength >= 0 ? "Content-Length \(head.expectedContentLength)" : "no Content-Length"
        print("Saved \(size) bytes (\(announced)) to \(destination.path); the server answered \(head.status).")
    }

    /// `[##########--------------------]  33%  349525 of 1048576 bytes`, or the bytes alone when
    /// the total is unknown.
    static func bar(_ progress: TransferProgress, width: Int = 30) -> String {
        guard let fraction = progress.fractionCompleted, let expected = progress.expectedBytes else {
            return "[\(String(repeating: "?", count: width))]  \(progress.completedBytes) bytes, total unknown"
        }
        let filled = Int((fraction * Double(width)).rounded(.down))
        let percent = String(Int((fraction * 100).rounded(.down)))
        let padded = String(repeating: " ", count: max(0, 3 - percent.count)) + percent
        return "[\(String(repeating: "#", count: filled))\(String(repeating: "-", count: width - filled))] "
            + "\(padded)%  \(progress.completedBytes) of \(expected) bytes"
    }
}

/// The progress reports of one download, appended from the transfer's task.
final class ProgressReports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []

    func append(_ progress: TransferProgress) { lock.withLock { reports.append(progress) } }
    var count: Int { lock.withLock { reports.count } }
}
