import Foundation
import XCTest

/// `docs/capture.md` spells out commands that cannot run here (`xcrun`, `log`, `idevicesyslog`): what can be
/// checked is that Lifeline accepts every option it is given, that the predicates select what the drop-ins log,
/// and that the sample session is what a drop-in prints.
final class CaptureDocTests: XCTestCase {
    private let page = CLIRunner.packageRoot.appendingPathComponent("docs/capture.md")

    func testEveryLifelineCheckOptionExists() throws {
        let text = try String(contentsOf: page, encoding: .utf8)
        let help = try CLIRunner.run(["check", "--help"]).stdout
        let invocations = text.components(separatedBy: "\n").filter { $0.contains("lifeline check ") }
        XCTAssertGreaterThanOrEqual(invocations.count, 8)
        for line in invocations {
            let words = line.components(separatedBy: "lifeline check ")[1].split(separator: " ").map(String.init)
            for (index, word) in words.enumerated() where word.hasPrefix("--") {
                let option = word.trimmingCharacters(in: CharacterSet(charactersIn: "`)"))
                XCTAssertTrue(help.contains("  \(option) ") || help.contains("  \(option),") || help.contains("  \(option)\n"),
                              "\(option) in: \(line)")
                if option == "--format" || option == "--fail-on", index + 1 < words.count {
                    let value = words[index + 1].trimmingCharacters(in: CharacterSet(charactersIn: "`)"))
                    XCTAssertTrue(help.contains("|\(value)|") || help.contains("(\(value)|") || help.contains("|\(value))"), "\(option) \(value)")
                }
            }
        }
    }

    func testPredicatesSelectTheDropInsSubsystem() throws {
        let text = try String(contentsOf: page, encoding: .utf8)
        let predicates = text.components(separatedBy: "subsystem == \"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertGreaterThanOrEqual(predicates.count, 5)
        XCTAssertEqual(Set(predicates), ["lifeline"])
        let creations = ["LifelineTracing.swift": #"Logger(subsystem: "lifeline", category: "lifecycle")"#,
                         "UIViewController+LifelineTracing.m": #"os_log_create("lifeline", "lifecycle")"#,
                         "LifelineViewController.cs": #"new OSLog("lifeline", "lifecycle")"#]
        for (file, creation) in creations {
            let source = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Scripts/instrumentation/\(file)"), encoding: .utf8)
            XCTAssertTrue(source.contains(creation), "\(file) logs to subsystem lifeline")
            XCTAssertTrue(text.contains("`Scripts/instrumentation/\(file)`"), "capture.md names \(file)")
        }
    }

    func testSampleSessionIsWhatTheSwiftDropInPrints() throws {
        let doc = try DocPage("docs/capture.md")
        let session = try XCTUnwrap(doc.blocks.first { $0.info == "text" })
        let fixture = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(
            "Tests/LifelineKitTests/Instrumentation/Fixtures/swift-dropin.log"), encoding: .utf8)
        let printed = Set(fixture.split(separator: "\n"))
        for line in session.text.split(separator: "\n") {
            XCTAssertTrue(printed.contains(line), "the Swift drop-in's fixture has \(line)")
        }
    }
}
