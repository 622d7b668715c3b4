import Foundation
import XCTest

/// LifelineKit's folders are layers, each depending only on those before it (README, Layout): a file may name the
/// top-level types of its own layer and of earlier ones, never those of a later layer. Read from the sources, by name.
final class LayeringTests: XCTestCase {
    /// The layers in order; a layer may use every layer before it.
    static let layers = ["Support", "Matching", "Ingest", "Recognition", "Timeline", "Rules", "Analysis", "Config", "Baseline", "Timings", "Reports"]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/LifelineKit")

    func testNoLayerNamesATypeOfALaterLayer() throws {
        let files = try Self.layers.map { try Self.swiftFiles(in: Self.sources.appendingPathComponent($0)) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted(), Self.layers.sorted(),
                       "every folder of LifelineKit is a layer listed here")
        let declared = files.map { Set($0.flatMap { Self.topLevelTypes(in: $0.code) }) }
        XCTAssertTrue(declared[Self.layers.firstIndex(of: "Recognition")!].contains("LifecycleEvent"), "the scan finds declarations")

        var violations: [String] = []
        for (layer, layerFiles) in files.enumerated() {
            let later = declared[(layer + 1)...].reduce(into: Set<String>()) { $0.formUnion($1) }
            for file in layerFiles {
                let used = Self.identifiers(in: file.code).intersection(later)
                violations += used.sorted().map { "\(file.path) uses \($0) of a later layer" }
            }
        }
        XCTAssertEqual(violations, [])
    }

    /// The engine knows no rule by name: outside `Rules/`, no file names a built-in rule or a template (what a rule
    /// needs of other layers it declares in its description, as `RuleAppEvent`).
    func testNoFileOutsideRulesNamesARule() throws {
        let rulesFolder = Self.sources.appendingPathComponent("Rules")
        let ruleFiles = try Self.swiftFiles(in: rulesFolder)
        let rules = Set(ruleFiles.flatMap { Self.topLevelTypes(in: $0.code) }.filter { $0.hasSuffix("Rule") && $0 != "Rule" || $0.hasSuffix("Template") })
        XCTAssertTrue(rules.isSuperset(of: ["WorkInAppearanceRule", "LoadOnceRule", "OnceTemplate"]), "the scan finds rules: \(rules.sorted())")
        var named: [String] = []
        for layer in Self.layers where layer != "Rules" {
            for file in try Self.swiftFiles(in: Self.sources.appendingPathComponent(layer)) {
                named += Self.identifiers(in: file.code).intersection(rules).sorted().map { "\(file.path) names \($0)" }
            }
        }
        XCTAssertEqual(named, [])
    }

    /// The scan sees a use across layers: the check can fail.
    func testALaterTypeInAnEarlierFileIsSeen() {
        let code = Self.strip("struct A { var finding: Finding } // TimelineTracker\nlet s = \"RuleEngine\"")
        XCTAssertEqual(Self.identifiers(in: code).intersection(["Finding", "TimelineTracker", "RuleEngine"]), ["Finding"])
        XCTAssertEqual(Self.topLevelTypes(in: "public final class Tracker {\n    struct Nested {}\n}\nenum E {}\nprivate struct P {}"),
                       ["Tracker", "E"])
    }

    private static func swiftFiles(in folder: URL) throws -> [(path: String, code: String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
            .map { (String($0.path.dropFirst(sources.path.count + 1)), strip(try String(contentsOf: $0, encoding: .utf8))) }
    }

    /// The code without comments and string literals, whose words are not uses.
    private static func strip(_ code: String) -> String {
        code.replacingOccurrences(of: #"(?s)\"\"\".*?\"\"\"|\"(\\.|[^\"\\\n])*\"|//[^\n]*|/\*.*?\*/"#, with: " ",
                                  options: .regularExpression)
    }

    /// Types declared at the start of a line and seen outside their file: nested and private types, whose names may
    /// repeat elsewhere, are left out.
    private static func topLevelTypes(in code: String) -> [String] {
        matches(#"(?m)^(?:(?:public|internal|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)"#, in: code)
    }

    private static func identifiers(in code: String) -> Set<String> { Set(matches(#"\b([A-Z]\w*)"#, in: code)) }

    private static func matches(_ pattern: String, in code: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let text = code as NSString
        return regex.matches(in: code, range: NSRange(location: 0, length: text.length)).map { text.substring(with: $0.range(at: 1)) }
    }
}
