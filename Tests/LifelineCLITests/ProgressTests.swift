import XCTest
@testable import LifelineCLI
import LifelineKit

/// The progress line counts bytes as they are read, so it moves while one big file is checked.
final class ProgressTests: XCTestCase {
    func testBytesCountBeforeTheFileIsDone() {
        let progress = ProgressLine(total: 1)
        progress.bytesRead(2 << 20)
        progress.bytesRead(1 << 20)
        XCTAssertEqual(progress.text(after: 2), "checking: 0/1 files, 3.0 MB, 1.5 MB/s")
        progress.fileFinished(FileSummary(path: "a.log", statistics: TraceStatistics()))
        XCTAssertEqual(progress.text(after: 2), "checking: 1/1 files, 3.0 MB, 1.5 MB/s", "a finished file adds no bytes twice")
    }
}
