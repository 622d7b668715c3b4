import XCTest
@testable import LifelineKit

/// Checks the SARIF output against the 2.1.0 schema's required and allowed properties for every object it writes,
/// and against what GitHub code scanning needs (rule help, relative locations, fingerprints).
final class SARIFReporterTests: XCTestCase {
    private let reporter = SARIFReporter(toolVersion: "9.9.9", informationURI: "https://example.com/lifeline",
                                         workingDirectory: "/work/app")

    private func render(_ result: AuditResult = ReportFixtures.mixed) throws -> JSONValue {
        try JSONParser.parse(reporter.render(result))
    }

    /// Fails unless `object` has every `required` member and no member outside `allowed` (the schema sets
    /// `additionalProperties: false` on these objects).
    private func assertShape(_ value: JSONValue?, required: Set<String>, allowed: Set<String> = [], _ name: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard let keys = value?.objectValue?.keys else { return XCTFail("\(name) is not an object", file: file, line: line) }
        XCTAssertTrue(required.isSubset(of: keys), "\(name) lacks \(required.subtracting(keys))", file: file, line: line)
        XCTAssertTrue(Set(keys).isSubset(of: required.union(allowed)), "\(name) has \(Set(keys).subtracting(required.union(allowed)))",
                      file: file, line: line)
    }

    func testLogRunAndDriverHaveTheRequiredProperties() throws {
        let log = try render()
        assertShape(log, required: ["version", "runs"], allowed: ["$schema"], "sarifLog")
        XCTAssertEqual(log["version"], .string("2.1.0"))
        XCTAssertEqual(log["$schema"], .string("https://json.schemastore.org/sarif-2.1.0.json"))
        XCTAssertEqual(log["runs"]?.arrayValue?.count, 1)
        let run = log["runs"]?.arrayValue?.first
        assertShape(run, required: ["tool"], allowed: ["results", "invocations", "originalUriBaseIds"], "run")
        assertShape(run?["tool"], required: ["driver"], "tool")
        let driver = run?["tool"]?["driver"]
        assertShape(driver, required: ["name"], allowed: ["informationUri", "version", "rules"], "toolComponent")
        XCTAssertEqual(driver?["name"], .string("Lifeline"))
        XCTAssertEqual(driver?["informationUri"], .string("https://example.com/lifeline"))
        XCTAssertEqual(driver?["version"], .string("9.9.9"))
    }

    func testEveryRuleIsDescribedWithHelpAndDefaultLevel() throws {
        let rules = try XCTUnwrap(try render()["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue)
        XCTAssertEqual(rules.map { $0["id"]?.stringValue }, RuleRegistry.descriptions.map(\.identifier))
        for (rule, description) in zip(rules, RuleRegistry.descriptions) {
            assertShape(rule, required: ["id"], allowed: ["shortDescription", "fullDescription", "help", "defaultConfiguration"],
                        description.identifier)
            XCTAssertEqual(rule["shortDescription"]?["text"]?.stringValue, description.summary)
            XCTAssertEqual(rule["fullDescription"]?["text"]?.stringValue, description.explanation)
            assertShape(rule["help"], required: ["text"], allowed: ["markdown"], "help")
            XCTAssertTrue(rule["help"]?["text"]?.stringValue?.contains(description.explanation) ?? false)
            XCTAssertTrue(rule["help"]?["markdown"]?.stringValue?.contains("```text\n") ?? false, "examples are fenced")
            XCTAssertEqual(rule["defaultConfiguration"]?["level"]?.stringValue, SARIFReporter.level(description.severity))
        }
    }

    func testResultsPointAtTheirRuleFileAndLine() throws {
        let run = try XCTUnwrap(try render()["runs"]?.arrayValue?.first)
        let rules = try XCTUnwrap(run["tool"]?["driver"]?["rules"]?.arrayValue)
        let results = try XCTUnwrap(run["results"]?.arrayValue)
        XCTAssertEqual(results.map { $0["level"]?.stringValue }, ["error", "warning", "note"])
        for result in results {
            assertShape(result, required: ["message"], allowed: ["ruleId", "ruleIndex", "level", "locations", "partialFingerprints"],
                        "result")
            let index = try XCTUnwrap(result["ruleIndex"]?.intValue)
            XCTAssertEqual(rules[Int(index)]["id"], result["ruleId"], "ruleIndex refers to the rule")
            XCTAssertNotNil(result["message"]?["text"]?.stringValue)
            let physical = result["locations"]?.arrayValue?.first?["physicalLocation"]
            assertShape(physical, required: ["artifactLocation"], allowed: ["region"], "physicalLocation")
            XCTAssertEqual(physical?["artifactLocation"]?["uriBaseId"], .string("%SRCROOT%"))
            XCTAssertGreaterThanOrEqual(physical?["region"]?["startLine"]?.intValue ?? 0, 1)
            XCTAssertEqual(result["partialFingerprints"]?["lifelineFingerprint/v1"]?.stringValue?.count, 16)
        }
        let first = results[0]["locations"]?.arrayValue?.first?["physicalLocation"]
        XCTAssertEqual(first?["artifactLocation"]?["uri"], .string("traces/cart.log"))
        XCTAssertEqual(first?["region"]?["startLine"], .int(12))
        XCTAssertEqual(run["originalUriBaseIds"]?["%SRCROOT%"]?["uri"], .string("file:///work/app/"))
    }

    func testUnreadableInputsAreErrorNotificationsOfTheInvocation() throws {
        let invocation = try XCTUnwrap(try render()["runs"]?.arrayValue?.first?["invocations"]?.arrayValue?.first)
        assertShape(invocation, required: ["executionSuccessful"], allowed: ["toolExecutionNotifications"], "invocation")
        XCTAssertEqual(invocation["executionSuccessful"], .bool(false))
        let notification = invocation["toolExecutionNotifications"]?.arrayValue?.first
        assertShape(notification, required: ["message"], allowed: ["level", "locations"], "notification")
        XCTAssertEqual(notification?["message"]?["text"], .string("traces/locked.log: cannot open: Permission denied"))
    }

    func testLocationsAreRelativeURIsInsideTheRootAndAbsoluteOutside() throws {
        let result = AuditResult(files: [], findings: [
            ReportFixtures.finding(file: "/work/app/traces/my trace#1.log"),
            ReportFixtures.finding(file: "../elsewhere/a.log"),
            ReportFixtures.finding(file: "<stdin>"),
        ])  // in output order: ../elsewhere, /work/app, <stdin>
        let results = try XCTUnwrap(try render(result)["runs"]?.arrayValue?.first?["results"]?.arrayValue)
        let artifacts = results.map { $0["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"] }
        XCTAssertEqual(artifacts[0]?["uri"], .string("file:///work/elsewhere/a.log"))
        XCTAssertNil(artifacts[0]?["uriBaseId"])
        XCTAssertEqual(artifacts[1]?["uri"], .string("traces/my%20trace%231.log"))
        XCTAssertEqual(artifacts[2]?["uri"], .string("%3Cstdin%3E"), "standard input has a location: GitHub wants one")
        XCTAssertEqual(artifacts[2]?["uriBaseId"], .string(SARIFReporter.rootBase))
        XCTAssertEqual(results[2]["locations"]?.arrayValue?.first?["physicalLocation"]?["region"]?["startLine"], .int(12))
    }

    func testFingerprintsIgnoreLinesAndAddresses() throws {
        func fingerprint(line: Int, address: UInt64) throws -> JSONValue? {
            let result = AuditResult(files: [], findings: [ReportFixtures.finding(line: line, address: address)])
            return try render(result)["runs"]?.arrayValue?.first?["results"]?.arrayValue?.first?["partialFingerprints"]
        }
        XCTAssertEqual(try fingerprint(line: 12, address: 0x7f01), try fingerprint(line: 40, address: 0x6000_1234))
    }
}
