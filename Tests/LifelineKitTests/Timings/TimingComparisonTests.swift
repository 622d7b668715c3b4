import XCTest
@testable import LifelineKit

final class TimingComparisonTests: XCTestCase {
    private func run(_ name: String, _ phases: [TimingPhase: [Int64]]) -> ScreenTimings {
        var entry = ClassSamples(name: name)
        entry.samples = phases
        return ScreenTimings(files: ["run.log"], samples: [entry])
    }

    private func flat(_ value: Int64) -> Distribution { Distribution(count: 1, p50: value, p90: value, p99: value, max: value, min: value) }

    func testGrowthAboveTheThresholdIsARegression() {
        let baseline = ["A": [TimingPhase.appear: flat(100_000), .load: flat(10_000)]]
        let comparison = TimingComparison(baseline: baseline, current: run("A", [.appear: [111_000], .load: [10_900]]), threshold: 10)
        XCTAssertEqual(comparison.regressions.map(\.phase), [.appear], "11% is above 10%; 9% is not")
        XCTAssertEqual(comparison.changes.first { $0.phase == .appear }?.percent ?? 0, 11, accuracy: 1e-9)
    }

    func testTinyIncreasesAndTimeOnScreenAreNeverRegressions() {
        let baseline = ["A": [TimingPhase.disappear: flat(1_000), .onScreen: flat(1_000_000)]]
        let comparison = TimingComparison(baseline: baseline, current: run("A", [.disappear: [1_900], .onScreen: [9_000_000]]), threshold: 10)
        XCTAssertEqual(comparison.changes.count, 2)
        XCTAssertTrue(comparison.regressions.isEmpty, "+0.9 ms is below the 1 ms floor; time on screen measures the user")
    }

    func testNewAndGoneClassesAreShownNotJudged() {
        let comparison = TimingComparison(baseline: ["Old": [.appear: flat(5)]], current: run("New", [.appear: [500_000]]), threshold: 0)
        XCTAssertEqual(comparison.changes.map(\.className), ["New", "Old"])
        XCTAssertEqual(comparison.changes.map { TimingFormat.change($0) }, ["new", "gone"])
        XCTAssertTrue(comparison.regressions.isEmpty)
    }

    func testStatisticChoosesWhatIsCompared() {
        let baseline = ["A": [TimingPhase.appear: Distribution(count: 3, p50: 100_000, p90: 300_000, p99: 300_000, max: 300_000, min: 100_000)]]
        let current = run("A", [.appear: [100_000, 100_000, 400_000]])
        XCTAssertTrue(TimingComparison(baseline: baseline, current: current, statistic: .p50, threshold: 10).regressions.isEmpty)
        XCTAssertEqual(TimingComparison(baseline: baseline, current: current, statistic: .max, threshold: 10).regressions.count, 1)
    }

    func testBaselineRoundTripsThroughJSON() throws {
        let timings = run("Shop.A", [.appear: [1, 400_123, 52_000], .load: [7_500]])
        let read = try TimingsJSON.readBaseline(TimingsJSON.write(timings))
        XCTAssertEqual(read["Shop.A"]?[.appear]?.p90, 400_123)
        XCTAssertEqual(read["Shop.A"]?[.load]?.max, 7_500)
        XCTAssertThrowsError(try TimingsJSON.readBaseline(#"{"version":1,"unit":"ms","classes":[{"class":"A","phases":{"warp":{}}}]}"#)) {
            XCTAssertEqual("\($0)", "/classes/0/phases/warp: unknown phase")
        }
    }

    func testDurationsPrintWithoutFloatingPoint() {
        XCTAssertEqual([420, 3_049, 412_345, 5_880_000, 125_400_000].map { TimingFormat.duration($0) },
                       ["0.42 ms", "3.05 ms", "412.3 ms", "5.88 s", "125.4 s"])
    }
}
