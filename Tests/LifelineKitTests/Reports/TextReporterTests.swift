import XCTest
@testable import LifelineKit

final class TextReporterTests: XCTestCase {
    func testSeveralFilesEndWithATableAndTheTotal() {
        XCTAssertEqual(TextReporter().render(ReportFixtures.mixed), """
        traces/cart.log:12: error: [appearance-order] <Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear
        traces/cart.log:30: warning: [observer-balance] <Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear
        traces/nested/list.log:3: info: [slow-transition] <Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear

        file                    lines  controllers  errors  warnings
        traces/cart.log            20            2       1         1
        traces/clean.log           20            2       0         0
        traces/locked.log       error: cannot open: Permission denied
        traces/nested/list.log      7            1       0         0
        1 error, 1 warning, 1 info in 4 files, 1 unreadable (47 lines, 23 events, 5 controllers)

        """)
    }

    func testOneFileGetsOnlyTheTotal() {
        let result = AuditResult(files: [ReportFixtures.file("a.log")], findings: [ReportFixtures.finding(file: "a.log")])
        XCTAssertEqual(TextReporter().render(result), """
        a.log:12: error: [appearance-order] <Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear
        1 error, 0 warnings, 0 infos in 1 file (20 lines, 10 events, 2 controllers)

        """)
    }

    func testCleanFilesHaveNoBlankLineBeforeTheTable() {
        let result = AuditResult(files: [ReportFixtures.file("a.log"), ReportFixtures.file("b.log")], findings: [])
        XCTAssertTrue(TextReporter().render(result).hasPrefix("file   lines  controllers  errors  warnings\na.log     20"))
    }
}
