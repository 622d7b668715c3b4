import XCTest
@testable import LifelineKit

/// `pairs` by key keeps each instance's open As apart: an instance that ends reports its own, in line order.
final class PairsTemplateTests: XCTestCase {
    func testAnEndingInstanceReportsItsOwnOpenKeysInLineOrder() throws {
        let trace = """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:46.110 Shop[4089:51117] start updates 9
            2024-03-01 10:49:46.120 Shop[4089:51117] start updates 3
            2024-03-01 10:49:46.130 Shop[4089:51117] <Shop.ListVC: 0x7f02> viewDidAppear(_:)
            2024-03-01 10:49:46.140 Shop[4089:51117] start updates 5
            2024-03-01 10:49:46.150 Shop[4089:51117] stop updates 4
            2024-03-01 10:49:46.160 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewWillDisappear(_:)
            2024-03-01 10:49:46.170 Shop[4089:51117] stop updates 9
            2024-03-01 10:49:46.180 Shop[4089:51117] <Shop.MapVC: 0x7f01> dealloc
            2024-03-01 10:49:46.190 Shop[4089:51117] <Shop.ListVC: 0x7f02> viewWillDisappear(_:)
            2024-03-01 10:49:46.200 Shop[4089:51117] stop updates 5
            """
        let configuration = """
            { "events": { "startUpdates": "^start updates (?<key>\\\\d+)", "stopUpdates": "^stop updates (?<key>\\\\d+)" },
              "rules": { "balanced": { "template": "pairs", "event": "startUpdates", "then": "stopUpdates", "byKey": true, "message": "m" } } }
            """
        let findings = try TraceFixture.analyze(trace, configuration: configuration).findings.filter { $0.rule == "balanced" }
        // MapVC's 3 never stopped (reported when it is freed, not with ListVC's 5, open then); ListVC stopped a 4 it
        // never started. Findings come in line order.
        XCTAssertEqual(findings.map(\.line), [3, 6])
        XCTAssertEqual(findings.map(\.message), [
            "<Shop.MapVC: 0x7f01> startUpdates (key 3) never balanced by stopUpdates: m",
            "<Shop.ListVC: 0x7f02> stopUpdates (key 4) without an open startUpdates: m",
        ])
    }
}
