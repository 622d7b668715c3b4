import XCTest
@testable import LifelineKit

/// Runs `PrintSite.samples`, and checks that a second print of one delivery is no second call while a repeated
/// print site is.
final class PrintSiteTests: XCTestCase {
    func testEverySamplePairIsToldAsItSays() {
        for sample in PrintSite.samples {
            var first = sample.first, second = sample.second
            let same = first.withUTF8 { a in second.withUTF8 { b in PrintSite.same(a, b) } }
            XCTAssertEqual(same, sample.sameSite, "\(sample.first) | \(sample.second)")
        }
    }

    func testTwoPrintStatementsInOneCallbackAreOneDelivery() throws {
        let outcome = try TraceFixture.analyze("""
            <Shop.Cart: 0x1> viewDidLoad() start
            <Shop.Cart: 0x1> viewDidLoad() end
            <Shop.Cart: 0x1> viewWillAppear(_:)
            """)
        XCTAssertEqual(outcome.findings.map(\.rule), [])
    }

    func testOnePrintStatementTwiceIsTwoCalls() throws {
        let outcome = try TraceFixture.analyze("""
            <Shop.Cart: 0x1> viewDidLoad() start
            <Shop.Cart: 0x1> viewDidLoad() start
            """)
        XCTAssertEqual(outcome.findings.map(\.rule), ["load-once"])
    }
}
