import XCTest
@testable import LifelineKit

/// A rule `per` class holds for each class in each process: instances of one class share a scope, other classes
/// and the same class in another process do not.
final class PerClassScopeTests: XCTestCase {
    func testOnePerClassScopeForEachClassInEachProcess() throws {
        let trace = """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewDidLoad()
            2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.CartVC: 0x7f02> viewDidLoad()
            2024-03-01 10:49:46.300 Shop[4090:51117] <Shop.HomeVC: 0x7f03> viewDidLoad()
            2024-03-01 10:49:46.400 Shop[4089:51117] <Shop.HomeVC: 0x7f04> viewDidLoad()
            2024-03-01 10:49:46.500 Shop[4089:51117] <Shop.Home: 0x7f05> viewDidLoad()
            2024-03-01 10:49:46.600 Shop[4090:51117] <Shop.HomeVC: 0x7f06> viewDidLoad()
            """
        let configuration = """
            { "rules": { "one-load-per-class": { "template": "once", "event": "viewDidLoad", "per": "class", "message": "m" } } }
            """
        let findings = try TraceFixture.analyze(trace, configuration: configuration).findings.filter { $0.rule == "one-load-per-class" }
        XCTAssertEqual(findings.map(\.line), [4, 6], "HomeVC again in process 4089, then in 4090; CartVC and Home once each")
        XCTAssertEqual(findings.map(\.message), [
            "<Shop.HomeVC: 0x7f04> viewDidLoad again (2nd time, first at line 1): m",
            "<Shop.HomeVC: 0x7f06> viewDidLoad again (2nd time, first at line 3): m",
        ])
    }

    func testAPendingEventOfAClassScopeIsReportedOnItsOwnInstance() throws {
        // A on the first HomeVC, B only on the second and too late, then A on a third that no B follows: each
        // finding names the instance whose A it quotes, not the one whose event or end closed the scope.
        let trace = """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:49.200 Shop[4089:51117] <Shop.HomeVC: 0x7f02> viewWillDisappear(_:)
            2024-03-01 10:49:50.300 Shop[4089:51117] <Shop.HomeVC: 0x7f03> viewDidAppear(_:)
            2024-03-01 10:49:50.400 Shop[4089:51117] <Shop.HomeVC: 0x7f03> dealloc
            """
        let configuration = """
            { "rules": { "leave-soon": { "template": "followedBy", "event": "viewDidAppear", "then": "viewWillDisappear",
                                         "within": 2, "per": "class", "message": "m" } } }
            """
        let findings = try TraceFixture.analyze(trace, configuration: configuration).findings.filter { $0.rule == "leave-soon" }
        XCTAssertEqual(findings.map(\.line), [1, 3])
        XCTAssertEqual(findings.map(\.message), [
            "<Shop.HomeVC: 0x7f01> viewDidAppear followed by viewWillDisappear only after 3.1 s (line 2; limit 2 s): m",
            "<Shop.HomeVC: 0x7f03> viewDidAppear never followed by viewWillDisappear: m",
        ])
    }
}
