import Foundation
import XCTest
@testable import LifelineKit

/// docs/architecture.md stays true: the code it shows is the code of files the tests compile and run, the paths it
/// names exist, and adding a rule, template or dialect is still one file plus its registry entry.
final class ArchitectureDocTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func page() throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    }

    /// The fenced blocks of the page, each with the HTML comment just above it (`file: PATH`), if any.
    private func blocks() throws -> [(marker: String?, text: String)] {
        var blocks: [(marker: String?, text: String)] = [], open: (marker: String?, text: String)?, previous = ""
        for line in try page().components(separatedBy: "\n") {
            if let block = open {
                if line == "```" { blocks.append(block); open = nil } else { open = (block.marker, block.text + line + "\n") }
            } else if line.hasPrefix("```") {
                open = (previous.hasPrefix("<!-- ") && previous.hasSuffix(" -->") ? String(previous.dropFirst(5).dropLast(4)) : nil, "")
            }
            if !line.isEmpty { previous = line }
        }
        return blocks
    }

    func testShownCodeIsTheCodeOfItsFile() throws {
        let shown = try blocks().filter { $0.marker?.hasPrefix("file: ") == true }
        XCTAssertEqual(shown.count, 2, "the example rule and reporter")
        for block in shown {
            let path = String(block.marker!.dropFirst("file: ".count))
            XCTAssertEqual(block.text, try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8), path)
        }
    }

    func testNamedPathsExist() throws {
        let paths = try NSRegularExpression(pattern: "`((?:Sources|Tests|docs)/[^`]+)`").matches(in: try page(), range: NSRange(location: 0, length: try page().utf16.count))
            .map { (try! page() as NSString).substring(with: $0.range(at: 1)) }
        XCTAssertGreaterThan(paths.count, 8)
        for path in paths { XCTAssertTrue(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), path) }
    }

    func testTheExampleRuleReportsItsMarkedLinesOnly() throws {
        var options = AnalysisOptions()
        options.rules = [RepeatedMemoryWarningRule.self]
        let rule = RepeatedMemoryWarningRule.description
        for example in rule.triggeringExamples + rule.nonTriggeringExamples {
            let (trace, marked) = RuleExamplesTests.stripMarkers(example)
            XCTAssertEqual(try TraceFixture.analyze(trace, options: options).findings.map(\.line), marked, example)
        }
    }

    func testTheExampleReporterCountsFindingsPerRule() {
        XCTAssertEqual(CountsReporter().render(ReportFixtures.mixed),
                       Dictionary(grouping: ReportFixtures.mixed.findings, by: \.rule).sorted { $0.key < $1.key }
                           .map { "\($0.key)\t\($0.value.count)\n" }.joined())
        XCTAssertFalse(ReportFixtures.mixed.findings.isEmpty)
    }

    func testTheExampleConfigurationUsesTheTemplateItNames() throws {
        let json = try XCTUnwrap(try blocks().first { $0.marker == "configuration" }?.text)
        let configuration = try ConfigurationParser.parse(json, file: "architecture.md")
        XCTAssertEqual(configuration.customRules.map(\.template), ["notWithin"])
        XCTAssertNotNil(RuleTemplates.type(named: "notWithin"))
    }

    /// Every rule, template and dialect file is in its registry: adding one is the file and the entry.
    func testEveryRuleTemplateAndDialectFileIsRegistered() throws {
        func types(in folder: String, ending suffix: String) throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(suffix + ".swift") }.map { String($0.dropLast(".swift".count)) })
        }
        XCTAssertEqual(try types(in: "Sources/LifelineKit/Rules", ending: "Rule").subtracting(["Rule"]), Set(RuleRegistry.all.map { "\($0)" }))
        XCTAssertEqual(try types(in: "Sources/LifelineKit/Rules/Templates", ending: "Template").subtracting(["RuleTemplate"]),
                       Set(RuleTemplates.all.map { "\($0)" }))
        XCTAssertEqual(try types(in: "Sources/LifelineKit/Recognition/Dialects", ending: "Dialect").subtracting(["Dialect"]),
                       Set(DialectRegistry.all.map { "\($0)" }))
    }
}
