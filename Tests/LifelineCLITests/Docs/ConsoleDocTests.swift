import Foundation
import XCTest

/// Every page of `docs/`: each `$ lifeline …` of a `console` block prints what the page shows under it, and each
/// block marked `<!-- sample: PATH -->` is that file.
final class ConsoleDocTests: XCTestCase {
    func testEveryPageShowsWhatLifelinePrints() throws {
        let docs = CLIRunner.packageRoot.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        XCTAssertTrue(pages.contains("formats.md") && pages.contains("lifecycle.md"), "\(pages)")
        var commands = 0
        for page in pages {
            let doc = try DocPage("docs/\(page)")
            try doc.checkSamples()
            commands += try doc.checkConsoleBlocks().count
        }
        XCTAssertGreaterThanOrEqual(commands, 14)
    }

    /// `docs/formats.md` runs `lifeline events` on one line per dialect: every dialect is shown, and so are an
    /// unattributed line and an other line.
    func testFormatsPageShowsEveryDialect() throws {
        let page = try DocPage("docs/formats.md")
        let events = try XCTUnwrap(page.blocks.first { $0.text.hasPrefix("$ lifeline events docs/examples/dialects.log\n") })
        let shown = Set(events.text.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.range(of: ") | ", options: .backwards) else { return nil }
            let before = line[..<open.lowerBound]
            return before.range(of: "(", options: .backwards).map { String(before[$0.upperBound...]) }
        })
        for dialect in ["description-before", "objc-method", "dotted-call", "label-before", "label-after", "bare",
                        "csharp-finalizer", "observer", "uikit-message"] {
            XCTAssertTrue(shown.contains(dialect), dialect)
        }
        XCTAssertTrue(events.text.contains(": unattributed: "))
        XCTAssertTrue(events.text.contains(": other | "))
    }
}
