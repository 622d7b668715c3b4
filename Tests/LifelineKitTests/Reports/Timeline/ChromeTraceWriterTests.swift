import XCTest
@testable import LifelineKit

final class ChromeTraceWriterTests: XCTestCase {
    func testGoldenSampleTraces() throws {
        let model = try TimelineFixture.samples(["child-containment-wrong.log", "leak-after-pop.log"])
        try TimelineFixture.assertGolden(ChromeTraceWriter().text(model), "samples.trace.json")
    }

    /// A large trace's file is several times the trace: it is handed over in pieces, which join into the whole.
    func testPiecesJoinIntoTheWholeFile() throws {
        let model = try TimelineFixture.samples(["child-containment-wrong.log", "leak-after-pop.log", "hostile-markup.log"])
        let whole = ChromeTraceWriter().write(model)
        var pieces: [Data] = []
        ChromeTraceWriter(pieceSize: 512).write(model) { pieces.append($0) }
        XCTAssertGreaterThan(pieces.count, 10)
        XCTAssertEqual(pieces.dropLast().map(\.count).min().map { $0 >= 512 }, true, "every piece but the last is full")
        XCTAssertEqual(pieces.reduce(Data(), +), whole)
    }

    func testStructureIsWhatPerfettoLoads() throws {
        let model = try TimelineFixture.samples(["child-containment-correct.log", "leak-after-pop.log", "hostile-markup.log"])
        let document = try JSONParser.parse(ChromeTraceWriter().text(model))
        let events = try XCTUnwrap(document["traceEvents"]?.arrayValue)
        let lanes = model.traces.flatMap(\.lanes)
        var open: [String: [String]] = [:]
        var threads = Set<Int64>()
        for event in events {
            let phase = try XCTUnwrap(event["ph"]?.stringValue)
            XCTAssertNotNil(event["pid"]?.intValue)
            XCTAssertFalse(["B", "E", "X"].contains(phase), "no synchronous slices: they would overlap on a track")
            if phase == "M" { if event["name"]?.stringValue == "thread_name" { threads.insert(try XCTUnwrap(event["tid"]?.intValue)) }; continue }
            XCTAssertNotNil(event["ts"]?.intValue)
            let key = "\(event["id"]?.stringValue ?? "")/\(event["cat"]?.stringValue ?? "")"
            switch phase {
            case "b":
                XCTAssertLessThan(open[key, default: []].count, 2, "a controller's life holds one state at a time")
                open[key, default: []].append(event["name"]?.stringValue ?? "")
            case "e":
                XCTAssertEqual(open[key]?.popLast(), event["name"]?.stringValue, "an end closes the innermost open slice")
            case "i":
                XCTAssertEqual(event["s"]?.stringValue, "t")
                if event["cat"]?.stringValue == "finding" { XCTAssertEqual(event["args"]?["rule"]?.stringValue, event["name"]?.stringValue) }
            default:
                XCTAssertTrue(["N", "D"].contains(phase), phase)
            }
        }
        XCTAssertTrue(open.values.allSatisfy(\.isEmpty))
        XCTAssertEqual(threads.count, lanes.count, "one track per controller")
        XCTAssertEqual(events.filter { $0["ph"]?.stringValue == "N" }.count, lanes.count)
        XCTAssertEqual(events.filter { $0["ph"]?.stringValue == "D" }.count, lanes.filter { $0.segments.last?.state == .deallocated }.count)
        XCTAssertEqual(events.filter { $0["cat"]?.stringValue == "finding" }.count, model.findings.count)
        XCTAssertEqual(events.filter { $0["cat"]?.stringValue == "callback" }.count, lanes.map(\.events.count).reduce(0, +))
        XCTAssertEqual(document["metadata"]?["traces"]?.arrayValue?.map { $0["timeBase"]?.stringValue }, ["clock", "clock", "clock"])
    }

    func testTraceWithoutTimestampsCountsLinesAsMilliseconds() throws {
        let trace = try TimelineFixture.timeline("vc1 viewDidLoad\nnoise\nvc1 viewWillAppear\n", name: "plain.log")
        let document = try JSONParser.parse(ChromeTraceWriter().text(TimelineModel(traces: [trace])))
        let callbacks = document["traceEvents"]?.arrayValue?.filter { $0["cat"]?.stringValue == "callback" } ?? []
        XCTAssertEqual(callbacks.map { $0["ts"]?.intValue }, [1_000, 3_000])
        let described = document["metadata"]?["traces"]?.arrayValue?.first
        XCTAssertEqual(described?["timeBase"]?.stringValue, "lines")
        XCTAssertEqual(described?["note"]?.stringValue, "no timestamps: ts is the log line number in milliseconds")
    }
}
