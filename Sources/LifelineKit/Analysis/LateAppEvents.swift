/// App event patterns that matter only inside some callbacks (`Source.onlyInside`: `work-in-appearance`'s work
/// pattern), tried in trace order by the in-order stage, and only on the lines logged while one of those callbacks
/// runs on their thread: the parser keeps every other line's place (`LateLine`) instead of screening it, and most
/// lines are logged by other threads or outside those callbacks.
struct LateAppEvents {
    private let compiled: CompiledAppEvents
    /// The callbacks any late pattern cares about, and each one's.
    private let inside: CallbackSet
    private let insideByName: [String: CallbackSet]

    /// Nil when no pattern is left to the in-order stage.
    init?(_ events: AppEventPatterns?) {
        guard let events, events.sources.contains(where: { !$0.onlyInside.isEmpty }) else { return nil }
        compiled = events.compiled()
        var inside = CallbackSet(), byName: [String: CallbackSet] = [:]
        for source in events.sources where !source.onlyInside.isEmpty {
            for callback in Callback.allCases where source.onlyInside.contains(callback) { inside.insert(callback) }
            byName[source.name] = source.onlyInside
        }
        self.inside = inside
        insideByName = byName
    }

    /// The app events of `late` (its line numbered in the trace), if a callback they care about runs on its thread.
    func events(_ late: LateLine, line: Int, in bytes: Bytes, engine: RuleEngine) -> [LifecycleEvent] {
        guard let running = engine.runningCallback(process: late.process, thread: late.thread), inside.contains(running) else { return [] }
        return compiled.matchLate(bytes, late.message).compactMap { recognized in
            guard let name = recognized.kind.appEvent?.name, insideByName[name]?.contains(running) == true else { return nil }
            return LifecycleEvent(line: line, time: late.time, process: late.process, thread: late.thread, kind: recognized.kind,
                                  controller: recognized.controller, argument: nil, text: nil, yearless: late.yearless,
                                  textBytes: late.bytes)
        }
    }
}
