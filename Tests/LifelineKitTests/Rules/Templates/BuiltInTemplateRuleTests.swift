import XCTest
@testable import LifelineKit

/// A built-in rule that is a template reports what the same template does when a configuration writes it.
final class BuiltInTemplateRuleTests: XCTestCase {
    func testDeprecatedCallbackIsTheNeverTemplateOverTheUnloadCallbacks() throws {
        let trace = """
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            <Shop.CartViewController: 0x7f01> viewWillUnload()
            <Shop.CartViewController: 0x7f01> viewDidUnload()
            <Shop.HomeVC: 0x7f02> viewDidLoad()
            <Shop.HomeVC: 0x7f02> viewDidUnload()
            """
        let contract = "deprecated since iOS 6 and never called by UIKit; this is a hand call"
        let configuration = """
            { "rules": {
                "deprecated-callback": false,
                "will-unload": { "template": "never", "event": "viewWillUnload", "message": "\(contract)" },
                "did-unload": { "template": "never", "event": "viewDidUnload", "message": "\(contract)" } } }
            """
        let builtIn = try TraceFixture.analyze(trace).findings.filter { $0.rule == "deprecated-callback" }
        let configured = try TraceFixture.analyze(trace, configuration: configuration).findings.filter { ["will-unload", "did-unload"].contains($0.rule) }

        XCTAssertEqual(builtIn.map(\.line), [2, 3, 5])
        XCTAssertEqual(builtIn.map(\.message), [
            "<Shop.CartViewController: 0x7f01> viewWillUnload: \(contract)",
            "<Shop.CartViewController: 0x7f01> viewDidUnload: \(contract)",
            "<Shop.HomeVC: 0x7f02> viewDidUnload: \(contract)",
        ])
        XCTAssertEqual(configured.sorted { $0.line < $1.line }.map(\.message), builtIn.map(\.message))
        XCTAssertEqual(configured.sorted { $0.line < $1.line }.map(\.evidence), builtIn.map(\.evidence))
    }
}
