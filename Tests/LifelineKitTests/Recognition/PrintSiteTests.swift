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

    func testAFingerprintIgnoresTheLabelTheCallbackAndValuesOnly() {
        func fingerprint(_ line: String, label: String, callback: String) -> UInt32? {
            var line = line
            return line.withUTF8 { b in
                let text = String(decoding: b, as: UTF8.self)
                let labelStart = text.utf8.distance(from: text.startIndex, to: text.range(of: label)!.lowerBound)
                let callbackStart = text.utf8.distance(from: text.startIndex, to: text.range(of: callback)!.lowerBound)
                return PrintSite.fingerprint(b, message: 0..<b.count, label: labelStart..<(labelStart + label.utf8.count),
                                             callback: callbackStart..<(callbackStart + callback.utf8.count))
            }
        }
        let site = fingerprint("[LC] HomeVC viewDidLoad t=12", label: "HomeVC", callback: "viewDidLoad")
        XCTAssertNotNil(site)
        XCTAssertEqual(fingerprint("[LC] Q7 dealloc t=3", label: "Q7", callback: "dealloc"), site)
        XCTAssertNotEqual(fingerprint("[Net] Q7 dealloc t=3", label: "Q7", callback: "dealloc"), site)
        XCTAssertNotEqual(fingerprint("[LC] Q7 dealloc done", label: "Q7", callback: "dealloc"), site)
        XCTAssertNil(fingerprint("Q7 dealloc", label: "Q7", callback: "dealloc"), "no words of its own")
        XCTAssertNil(fingerprint("-> Q7: dealloc 0x7f01", label: "Q7", callback: "dealloc"), "punctuation and values only")
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
