import Foundation
import XCTest

/// The README's Set up and Usage say what the scripts and options really do.
final class ReadmeSetupTests: XCTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    func testSetUpNamesEverythingScriptsTestInstalls() throws {
        let script = try read("Scripts/test")
        let list = try XCTUnwrap(script.components(separatedBy: "for tool in ").dropFirst().first?.components(separatedBy: ";").first)
        let tools = list.split(separator: " ").map { String($0.split(separator: ":")[0]) }.filter { $0 != "bash" }
        XCTAssertEqual(tools, ["zsh", "fish", "groff"])
        let setUp = try XCTUnwrap(try read("README.md").components(separatedBy: "## Set up").dropFirst().first?
            .components(separatedBy: "## Install").first)
        for tool in tools + ["Chromium"] { XCTAssertTrue(setUp.contains(tool), "README's Set up names \(tool)") }
    }

    func testColourWordingAllowsColorAlways() throws {
        let readme = try read("README.md")
        XCTAssertFalse(readme.contains("never with `NO_COLOR`"), "--color always colours even with NO_COLOR")
        let line = try XCTUnwrap(readme.components(separatedBy: "Output, in the form Xcode and editors parse").dropFirst().first?.prefix(120))
        XCTAssertTrue(line.contains("`--color always`"), String(line))
    }

    /// The README's first screen, as an 80 × 24 terminal shows the file (long lines wrapped at spaces), reaches both
    /// set-up commands: a new user sees what to run without scrolling.
    func testFirstScreenReachesBothSetUpCommands() throws {
        var rows = 0
        for line in try read("README.md").components(separatedBy: "\n") {
            rows += Self.wrappedRows(line, width: 80)
            if line == "Scripts/test" { break }
        }
        XCTAssertLessThanOrEqual(rows, 24, "rows of an 80-column terminal up to `Scripts/test`")
    }

    /// The rows `line` takes on a terminal `width` columns wide that wraps at spaces.
    static func wrappedRows(_ line: String, width: Int) -> Int {
        var rows = 1, column = 0
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let length = word.count
            if column > 0, column + 1 + length > width {
                rows += 1
                column = length
            } else {
                column += (column > 0 ? 1 : 0) + length
            }
            while column > width { rows += 1; column -= width }
        }
        return rows
    }
}
