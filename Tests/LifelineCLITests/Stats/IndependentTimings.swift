import Foundation

/// Screen timings worked out in a different way from `lifeline stats`, to check its figures: each line's
/// timestamp and `<Shop.Class: 0xADDR> callback` read with regular expressions, every instance's callbacks listed,
/// and the phases found by scanning those lists afterwards (not event by event).
struct IndependentTimings {
    /// Microseconds per class, per phase (the JSON keys of `stats --format json`).
    var samples: [String: [String: [Int64]]] = [:]
    var instances: [String: Int] = [:]
    var cancelled: [String: Int] = [:]
    var preloaded: [String: Int] = [:]

    private struct Call {
        var name: String
        var time: Int64
        /// Position among every line of every file read, to order calls of different instances.
        var order: Int
    }

    private struct Life {
        var className: String
        var calls: [Call] = []
    }

    private static let timestamp = try! NSRegularExpression(pattern: #"(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)\.(\d{1,6})"#)
    private static let callback = try! NSRegularExpression(
        pattern: #"<(Shop\.[A-Za-z]+): (0x[0-9a-f]+)> (init|loadView|viewDidLoad|viewWillAppear|viewDidAppear|viewWillDisappear|viewDidDisappear|deinit)\b"#)
    private static let anyDidAppear = try! NSRegularExpression(pattern: #"(> viewDidAppear\b|[ \[]viewDidAppear:\])"#)
    /// Seconds between viewDidLoad and viewWillAppear beyond which a view was pre-loaded (the default of stats).
    static let preloadGap: Int64 = 2_000_000

    /// Reads `files`, each its own trace.
    init(files: [URL]) throws {
        for file in files { try read(file) }
    }

    private mutating func read(_ file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        var lives: [Life] = []
        var current: [String: Int] = [:]  // address → index in lives
        var appearances: [Int] = []  // orders of every viewDidAppear line
        for (order, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            if Self.anyDidAppear.firstMatch(in: line, range: range) != nil { appearances.append(order) }
            guard let match = Self.callback.firstMatch(in: line, range: range),
                  let time = Self.time(in: line) else { continue }
            let className = Self.group(match, 1, line), address = Self.group(match, 2, line), name = Self.group(match, 3, line)
            if let index = current[address], name == "init", !lives[index].calls.isEmpty { current[address] = nil }
            if let index = current[address], lives[index].calls.last?.name == "deinit" { current[address] = nil }
            if current[address] == nil {
                lives.append(Life(className: className))
                current[address] = lives.count - 1
            }
            lives[current[address]!].calls.append(Call(name: name, time: time, order: order))
        }
        for life in lives { measure(life, appearances: appearances) }
    }

    private mutating func measure(_ life: Life, appearances: [Int]) {
        let name = life.className
        instances[name, default: 0] += 1
        func add(_ phase: String, _ value: Int64) { samples[name, default: [:]][phase, default: []].append(value) }
        func appeared(between start: Int, and end: Int) -> Bool { appearances.contains { $0 > start && $0 < end } }
        let calls = life.calls
        // load: from loadView, else from an init that was not long before
        if let load = calls.firstIndex(where: { $0.name == "viewDidLoad" }) {
            let before = calls[..<load]
            if let loadView = before.last(where: { $0.name == "loadView" }) {
                add("load", calls[load].time - loadView.time)
            } else if let made = before.first(where: { $0.name == "init" }),
                      !appeared(between: made.order, and: calls[load].order), calls[load].time - made.time <= Self.preloadGap {
                add("load", calls[load].time - made.time)
            }
            // time to appear: to the first viewDidAppear, from viewWillAppear when the view was pre-loaded
            if let firstDid = calls.firstIndex(where: { $0.name == "viewDidAppear" }), firstDid > load,
               let firstWill = calls.firstIndex(where: { $0.name == "viewWillAppear" }) {
                let will = calls[firstWill], loaded = calls[load]
                let preloaded = firstWill > load && (appeared(between: loaded.order, and: will.order) || will.time - loaded.time > Self.preloadGap)
                if preloaded { self.preloaded[name, default: 0] += 1 }
                add("timeToAppear", calls[firstDid].time - (preloaded ? will.time : loaded.time))
            }
        }
        // transitions: a will followed by its did, unless the will reversed the opposite will (a cancellation)
        let appearance = calls.filter { ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"].contains($0.name) }
        var visibleSince: Int64?
        var shown = false
        for (index, call) in appearance.enumerated() {
            let previous = index > 0 ? appearance[index - 1].name : ""
            let beforeThat = index > 1 ? appearance[index - 2].name : ""
            switch call.name {
            case "viewWillAppear" where previous == "viewWillDisappear", "viewWillDisappear" where previous == "viewWillAppear":
                cancelled[name, default: 0] += 1
            case "viewDidAppear":
                if previous == "viewWillAppear", beforeThat != "viewWillDisappear" { add("appear", call.time - appearance[index - 1].time) }
                if !shown { shown = true; visibleSince = call.time }
            case "viewDidDisappear":
                if previous == "viewWillDisappear", beforeThat != "viewWillAppear" {
                    add("disappear", call.time - appearance[index - 1].time)
                    if shown, let since = visibleSince { add("onScreen", appearance[index - 1].time - since) }
                }
                shown = false
                visibleSince = nil
            default:
                break
            }
        }
    }

    /// Nearest rank: the value at rank ⌈p/100 · n⌉ of the sorted samples.
    static func percentile(_ percent: Double, of values: [Int64]) -> Int64 {
        let sorted = values.sorted()
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[max(rank, 1) - 1]
    }

    private static func group(_ match: NSTextCheckingResult, _ index: Int, _ line: String) -> String {
        String(line[Range(match.range(at: index), in: line)!])
    }

    /// Microseconds since an arbitrary epoch (days counted naively: only differences within a trace matter).
    private static func time(in line: String) -> Int64? {
        guard let match = timestamp.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
        let parts = (1...6).map { Int64(group(match, $0, line))! }
        let fraction = group(match, 7, line).padding(toLength: 6, withPad: "0", startingAt: 0)
        let days = parts[0] * 372 + parts[1] * 31 + parts[2]
        return ((days * 24 + parts[3]) * 60 + parts[4]) * 60_000_000 + parts[5] * 1_000_000 + Int64(fraction)!
    }
}
