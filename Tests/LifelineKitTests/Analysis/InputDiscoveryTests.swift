import Foundation
import XCTest
@testable import LifelineKit

final class InputDiscoveryTests: XCTestCase {
    private var tree: TemporaryTree!

    override func setUpWithError() throws {
        tree = try TemporaryTree()
        for file in ["b.log", "a.txt", "notes.md", "z/deep/c.trace", "z/d.ndjson", "z/e.jsonl", ".hidden.log", ".git/f.log",
                     "experimental/g.log", "experimental/sub/h.log"] {
            try tree.write(file)
        }
    }

    override func tearDown() { tree.remove() }

    /// The paths found below the tree, relative to it.
    private func found(_ discovery: InputDiscovery = InputDiscovery(), _ arguments: [String]? = nil) -> [String] {
        discovery.expand(arguments ?? [tree.root]).inputs.map { String($0.displayName.dropFirst(tree.root.count + 1)) }
    }

    func testDirectoriesAreWalkedForTraceFilesInPathOrderSkippingHiddenOnes() {
        XCTAssertEqual(found(), ["a.txt", "b.log", "experimental/g.log", "experimental/sub/h.log", "z/d.ndjson", "z/deep/c.trace",
                                 "z/e.jsonl"])
    }

    func testIncludesReplaceTheDefaultsAndPatternsWithSlashesMatchPathsBelowTheDirectory() {
        XCTAssertEqual(found(InputDiscovery(includes: ["*.md", "*.trace"])), ["notes.md", "z/deep/c.trace"])
        XCTAssertEqual(found(InputDiscovery(includes: ["experimental/*.log"])), ["experimental/g.log"])
        XCTAssertEqual(found(InputDiscovery(includes: ["experimental/**"])), ["experimental/g.log", "experimental/sub/h.log"])
        XCTAssertEqual(found(InputDiscovery(includes: ["**/*.log"])), ["b.log", "experimental/g.log", "experimental/sub/h.log"],
                       "a leading **/ also matches the top folder")
    }

    func testExcludesLeaveOutFilesAndWholeFolders() {
        XCTAssertEqual(found(InputDiscovery(excludes: ["z", "*.txt"])), ["b.log", "experimental/g.log", "experimental/sub/h.log"])
        XCTAssertEqual(found(InputDiscovery(excludes: ["experimental/sub/**", "./z/*.jsonl"])),
                       ["a.txt", "b.log", "experimental/g.log", "z/d.ndjson", "z/deep/c.trace"])
        XCTAssertEqual(found(InputDiscovery(excludes: ["z/*"])), ["a.txt", "b.log", "experimental/g.log", "experimental/sub/h.log"],
                       "z/* matches the folder z/deep too")
    }

    func testSymbolicLinkLoopsAreSkippedAndLinkedFilesAuditedOnceUnderTheirOwnPath() throws {
        try tree.link("z/loop", to: "..")
        try tree.link("self.log", to: "self.log")
        try tree.link("alias", to: "experimental")
        try tree.link("latest.log", to: "b.log")
        let following = InputDiscovery(followLinks: true)
        XCTAssertEqual(found(following), ["a.txt", "b.log", "experimental/g.log", "experimental/sub/h.log", "z/d.ndjson",
                                          "z/deep/c.trace", "z/e.jsonl"])
        XCTAssertTrue(following.expand([tree.root]).problems.isEmpty)
        XCTAssertTrue(following.expand([tree.root]).linksOutside.isEmpty)
    }

    /// A link planted in a folder of traces (to a secret, to `/`) is not followed, as `find` and ripgrep do not,
    /// and is named; a link whose name the walk would not take and that leads to no folder is not worth naming.
    func testSymbolicLinksInAFolderAreNotFollowedButNamed() throws {
        let outside = try TemporaryTree()
        defer { outside.remove() }
        try outside.write("secret.txt", "password")
        try outside.write("more/keys.log", "key")
        try tree.link("shadow.log", to: outside.path("secret.txt"))
        try tree.link("more", to: outside.path("more"))
        try tree.link("root", to: "/")
        try tree.link("z/latest.log", to: "../b.log")
        try tree.link("picture.png", to: outside.path("secret.txt"))
        let expansion = InputDiscovery().expand([tree.root])
        XCTAssertEqual(found(), ["a.txt", "b.log", "experimental/g.log", "experimental/sub/h.log", "z/d.ndjson", "z/deep/c.trace",
                                 "z/e.jsonl"])
        XCTAssertEqual(expansion.skippedLinks, [tree.path("more"), tree.path("root"), tree.path("shadow.log"), tree.path("z/latest.log")])
        XCTAssertTrue(expansion.problems.isEmpty)
        XCTAssertEqual(InputDiscovery().expand([outside.path("secret.txt")]).inputs, [.file(outside.path("secret.txt"))],
                       "a path named on the command line is read")
    }

    /// A file found in a walk is opened without following a link: one put in its place after the walk (a race with
    /// whoever writes the folder) is not read, while a link named on the command line still is.
    func testAFileFoundInAWalkIsNotReadThroughALinkPutInItsPlaceLater() throws {
        let outside = try TemporaryTree()
        defer { outside.remove() }
        try outside.write("secret.log", "vc1 viewWillAppear\nvc1 viewWillAppear\n")
        let expansion = InputDiscovery().expand([tree.root, tree.path("notes.md")])
        XCTAssertTrue(expansion.foundWithoutLinks.contains(tree.path("b.log")))
        XCTAssertFalse(expansion.foundWithoutLinks.contains(tree.path("notes.md")), "named, not found")
        try FileManager.default.removeItem(atPath: tree.path("b.log"))
        try tree.link("b.log", to: outside.path("secret.log"))
        var options = AnalysisOptions()
        options.opensThroughLink = false
        let observer = TraceAnalyzer.Observer { _ in }
        XCTAssertThrowsError(try TraceAnalyzer(options: options).analyze(.file(tree.path("b.log")), observer: observer)) { error in
            XCTAssertEqual(error as? IngestError, .cannotOpen("became a symbolic link after the folder was searched: not followed"))
        }
        XCTAssertEqual(try TraceAnalyzer(options: AnalysisOptions()).analyze(.file(tree.path("b.log")), observer: observer).lines, 2)
    }

    /// `--follow-links` follows links that stay inside the folder named (whatever path they take), never out of it.
    func testFollowingLinksNeverLeavesTheFolderNamed() throws {
        let outside = try TemporaryTree()
        defer { outside.remove() }
        try outside.write("secret.log", "password")
        try tree.link("shadow.log", to: outside.path("secret.log"))
        try tree.link("root", to: "/")
        try tree.link("sneaky", to: "../" + URL(fileURLWithPath: outside.root).lastPathComponent)
        try tree.link("inside", to: "z/../experimental")
        let expansion = InputDiscovery(includes: ["g.log", "secret.log", "shadow.log"], followLinks: true).expand([tree.root])
        XCTAssertEqual(expansion.inputs, [.file(tree.path("experimental/g.log"))], "the link inside is followed, to a file found already")
        XCTAssertEqual(expansion.linksOutside, [tree.path("root"), tree.path("shadow.log"), tree.path("sneaky")])
    }

    func testPathsMergedIntoOneFileAreNamedWithThePathKept() throws {
        try tree.link("alias", to: "experimental")
        try tree.link("latest.log", to: "b.log")
        XCTAssertEqual(link(tree.path("b.log"), tree.path("hard.log")), 0)
        func merged(_ discovery: InputDiscovery) -> [[String]] {
            discovery.expand([tree.root]).merged.map {
                [String($0.path.dropFirst(tree.root.count + 1)), String($0.kept.dropFirst(tree.root.count + 1))]
            }
        }
        // A walk follows no symbolic link: only the hard link reaches a file twice.
        XCTAssertEqual(merged(InputDiscovery()), [["hard.log", "b.log"]])
        XCTAssertEqual(merged(InputDiscovery(followLinks: true)), [["alias/g.log", "experimental/g.log"], ["alias/sub/h.log", "experimental/sub/h.log"],
                                                                   ["hard.log", "b.log"], ["latest.log", "b.log"]])
        XCTAssertEqual(InputDiscovery().expand([tree.path("b.log"), tree.path("b.log")]).merged, [], "one path named twice")
    }

    func testAnEmptySearchKeepsTheFilesItPassedOver() {
        XCTAssertEqual(InputDiscovery(includes: ["*.out"]).expand([tree.root]).unmatched.map { String($0.dropFirst(tree.root.count + 1)) },
                       ["a.txt", "b.log", "experimental/g.log", "experimental/sub/h.log", "notes.md", "z/d.ndjson", "z/deep/c.trace",
                        "z/e.jsonl"])
    }

    func testLinksToNothingAreProblemsAndSpecialFilesAreSkippedWhenIncluded() throws {
        try tree.link("gone.log", to: "missing.log")
        try tree.link("gone.png", to: "missing.png")
        XCTAssertEqual(mkfifo(tree.path("pipe.log"), 0o600), 0)
        XCTAssertEqual(InputDiscovery().expand([tree.root]).skippedLinks, [tree.path("gone.log")], "not followed, so not broken")
        let expansion = InputDiscovery(followLinks: true).expand([tree.root])
        XCTAssertEqual(expansion.problems, [.init(path: tree.path("gone.log"), message: "broken symbolic link")])
        // A FIFO met in a walk is skipped, not read (it could wait forever) and not an error, but named.
        XCTAssertEqual(expansion.skipped, [.init(path: tree.path("pipe.log"), message: InputDiscovery.notRegular)])
        XCTAssertEqual(expansion.inputs.count, 7)
    }

    func testUnreadableFoldersAreProblems() throws {
        try XCTSkipIf(geteuid() == 0, "root reads any folder, so there is no unreadable one to test with")
        XCTAssertEqual(chmod(tree.path("z"), 0), 0)
        defer { chmod(tree.path("z"), 0o755) }
        let expansion = InputDiscovery().expand([tree.root])
        XCTAssertEqual(expansion.problems, [.init(path: tree.path("z"), message: "cannot read directory: Permission denied")])
        XCTAssertEqual(expansion.inputs.count, 4)
    }

    func testArgumentsAreSortedAndDeduplicatedAndFilesKeptAsGiven() {
        let expansion = InputDiscovery().expand([tree.path("z"), "-", tree.path("notes.md"), tree.path("z/d.ndjson"), "missing.log", "-"])
        XCTAssertEqual(expansion.inputs.map(\.displayName), [
            tree.path("notes.md"), tree.path("z/d.ndjson"), tree.path("z/deep/c.trace"), tree.path("z/e.jsonl"),
            "<stdin>", "missing.log",
        ])
    }

    func testATrailingSlashDoesNotDoubleIt() {
        XCTAssertEqual(InputDiscovery().expand([tree.path("z") + "/"]).inputs.first?.displayName, tree.path("z/d.ndjson"))
    }

    func testAFolderDeeperThanPathMaxIsAProblemNotSkippedSilently() throws {
        // Built with *at calls, as no single path of this depth can be used.
        let level = String(repeating: "d", count: 200)
        var folder = open(tree.path("z"), O_RDONLY | O_DIRECTORY)
        for _ in 0..<25 {  // 25 × 201 bytes: past PATH_MAX (4096)
            XCTAssertEqual(mkdirat(folder, level, 0o755), 0)
            let inner = openat(folder, level, O_RDONLY | O_DIRECTORY)
            close(folder)
            folder = inner
        }
        let file = openat(folder, "deep.log", O_WRONLY | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(file, 0)
        close(file)
        close(folder)
        defer { Self.removeDeepTree(tree.path("z")) }
        let problems = InputDiscovery().expand([tree.root]).problems
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems.first?.path.hasPrefix(tree.path("z/\(level)/")) ?? false)
        XCTAssertGreaterThan(problems.first?.path.utf8.count ?? 0, Int(PATH_MAX))
        XCTAssertEqual(problems.first?.message, "path longer than the system allows (PATH_MAX, 4096 bytes): not read; move the traces up")
    }

    /// `rm -rf`, which walks a tree of any depth (FileManager uses whole paths).
    private static func removeDeepTree(_ path: String) {
        let remove = Process()
        remove.executableURL = URL(fileURLWithPath: "/bin/rm")
        remove.arguments = ["-rf", path]
        try? remove.run()
        remove.waitUntilExit()
    }
}
