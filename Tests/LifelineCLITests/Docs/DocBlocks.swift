import Foundation
import XCTest

/// The fenced blocks of a page in `docs/`, checked against the files and commands they show, so that the docs
/// cannot drift from the samples or from Lifeline.
struct DocPage {
    /// A fenced block: its info string (`text`, `console`…), its text, its first line in the page, and the HTML
    /// comment just above it, if any (`<!-- sample: SampleTraces/push-pop.log lines 8-15 -->` gives `sample: …`).
    struct Block {
        var info: String
        var text: String
        var line: Int
        var marker: String?
    }

    let path: String
    let text: String
    let blocks: [Block]

    init(_ path: String) throws {
        self.path = path
        text = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
        var blocks: [Block] = [], open: Block?, previous = ""
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if var block = open {
                if line == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.text += line + "\n"
                    open = block
                }
            } else if line.hasPrefix("```") {
                var marker: String?
                if previous.hasPrefix("<!-- "), previous.hasSuffix(" -->") {
                    marker = String(previous.dropFirst(5).dropLast(4))
                }
                open = Block(info: String(line.dropFirst(3)), text: "", line: index + 1, marker: marker)
            }
            if !line.isEmpty || open != nil { previous = line }
        }
        self.blocks = blocks
    }

    /// The blocks marked `sample: PATH` or `sample: PATH lines A-B`, each with the text it must equal.
    func samples() throws -> [(block: Block, path: String, expected: String)] {
        try blocks.compactMap { block in
            guard let marker = block.marker, marker.hasPrefix("sample: ") else { return nil }
            let words = marker.dropFirst(8).split(separator: " ")
            let path = String(words[0])
            let content = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
            var lines = content.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            if words.count == 3, words[1] == "lines" {
                let bounds = words[2].split(separator: "-").compactMap { Int($0) }
                XCTAssertEqual(bounds.count, 2, "\(self.path):\(block.line): lines A-B")
                lines = Array(lines[(bounds[0] - 1)..<bounds[1]])
            }
            return (block, path, lines.map { $0 + "\n" }.joined())
        }
    }

    /// Checks every `sample:` block against its file; returns the paths quoted.
    @discardableResult
    func checkSamples(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let samples = try samples()
        for sample in samples {
            XCTAssertEqual(sample.block.text, sample.expected, "\(path):\(sample.block.line) quotes \(sample.path)", file: file, line: line)
        }
        return samples.map(\.path)
    }

    /// Runs every `$ lifeline …` command of the `console` blocks and compares what it prints with the lines under it;
    /// returns the commands run.
    @discardableResult
    func checkConsoleBlocks(file: StaticString = #filePath, line: UInt = #line) throws -> [[String]] {
        var commands: [[String]] = []
        for block in blocks where block.info == "console" {
            var command: [String]?, expected = ""
            func finish() throws {
                guard let command else { return }
                let result = try CLIRunner.run(command)
                XCTAssertEqual(result.stdout, expected, "\(path):\(block.line): lifeline \(command.joined(separator: " "))", file: file, line: line)
                commands.append(command)
            }
            for text in block.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                if text.hasPrefix("$ ") {
                    try finish()
                    let words = text.dropFirst(2).split(separator: " ").map(String.init)
                    XCTAssertEqual(words.first, "lifeline", "\(path):\(block.line): console blocks run lifeline only", file: file, line: line)
                    XCTAssertFalse(text.contains("'") || text.contains("\""), "\(path):\(block.line): no quoting", file: file, line: line)
                    command = Array(words.dropFirst())
                    expected = ""
                } else {
                    XCTAssertNotNil(command, "\(path):\(block.line): a console block starts with a command", file: file, line: line)
                    expected += text + "\n"
                }
            }
            try finish()
        }
        return commands
    }
}
