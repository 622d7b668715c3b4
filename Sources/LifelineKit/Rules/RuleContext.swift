/// What rules may consult while judging, and where they report: the settings, and the timeline so far (other
/// instances, evidence lines, what each class logs, the clock). One per trace.
public final class RuleContext {
    public let settings: RuleSettings
    /// The timeline so far, lent by the engine for each call to the rules (nil between calls).
    var loan: TimelineLoan?
    private let emit: (Finding) -> Void
    /// Each rule's identifier and severity, by the engine's rule index (a rule's `description` is a large struct).
    private let ruleIdentities: [(identifier: String, severity: Severity)]
    /// The index of the rule being run; set by the engine before each call (an index: no string is retained).
    var currentRuleIndex = 0
    var currentRule: (identifier: String, severity: Severity) { ruleIdentities[currentRuleIndex] }
    /// Each rule's `TemplateRule.templateMessage`, by index: templates are handed the context alone, so that judging
    /// an event retains nothing. Made when a template first reports, from the rules as the run began: the first
    /// cast of each rule type to a protocol searches the conformance records (2.6 M instructions for the built-in
    /// rules, a sixth of the work of checking a small file), which a run without template findings need not pay.
    private var templateMessages: [String?]?
    private var rulesForTemplateMessages: [any Rule]
    /// The running rule's template message (empty for a rule that is no `TemplateRule`).
    var templateMessage: String {
        if templateMessages == nil {
            templateMessages = rulesForTemplateMessages.map { ($0 as? any TemplateRule)?.templateMessage }
            rulesForTemplateMessages = []
        }
        return templateMessages![currentRuleIndex] ?? ""
    }
    /// Set by `ignoreFromNowOn()` during a call; the engine clears it before each call it may stop making.
    var ignoredCall = false

    /// Says that the call being made does nothing for the running rule, now or later (a moment or `finish` the rule
    /// leaves to its default, or a moment it needs only with other settings): the engine stops making it.
    public func ignoreFromNowOn() { ignoredCall = true }

    /// The line of the event being judged.
    var line: EventLine?

    init(settings: RuleSettings, rules: [any Rule], emit: @escaping (Finding) -> Void) {
        self.ruleIdentities = rules.map { ($0.ruleDescription.identifier, $0.ruleDescription.severity) }
        rulesForTemplateMessages = rules
        self.settings = settings
        self.emit = emit
    }

    /// The timeline while a rule runs.
    private var timeline: TimelineLoan {
        guard let loan else { preconditionFailure("the timeline is read only while a rule runs") }
        return loan
    }

    /// The latest trace time seen, for time-based rules.
    public var now: TraceTime? { timeline.facts.now }
    /// Whether any line of the trace carried a timestamp.
    public var hasTimestamps: Bool { timeline.facts.hasTimestamps }
    /// The time of the latest line of `process` (for a process the log moved on from, its last), if any had one.
    public func lastTime(of process: ProcessKey) -> TraceTime? { timeline.facts.lastTime(of: process) }

    /// For a load (`loadView`, `viewDidLoad`): the instance whose loading or appearing callback is running on the
    /// event's thread. A controller that loads there without a parent is shown by that one (its guest).
    public var callbackHost: InstanceKey? { timeline.host }

    /// The line of the event before the one being judged.
    public var previousEventLine: Int { timeline.facts.previousLine }

    /// Whether the class (or label) of `ref` has logged `callback` anywhere so far.
    public func classLogs(_ callback: Callback, _ ref: ControllerRef) -> Bool { timeline.facts.classLogs(callback, ref) }

    /// The same for the class of `instance`.
    public func classLogs(_ callback: Callback, of instance: Instance) -> Bool { timeline.facts.classLogs(callback, of: instance) }

    /// Another instance of this trace that is not deallocated: nil for the instance being judged (the rule has it).
    public func instance(_ key: InstanceKey) -> Instance? { timeline.instance(key) }

    /// The last lines of `instance`'s timeline (at most six), oldest first.
    public func recentLines(of instance: Instance) -> [EvidenceLine] { timeline.recentLines(endingAt: instance.evidence) }

    /// The text of the line of `event`, the event being judged.
    public func text(of event: LifecycleEvent) -> String { line?.string ?? event.text }

    /// Calls `body` with the bytes of the line of `event`, the event being judged, made into no `String`.
    func withLine<Result>(of event: LifecycleEvent, _ body: (Bytes) -> Result) -> Result {
        if let line { return body(line.bytes) }
        var text = event.text
        return text.withUTF8(body)
    }

    /// Reports a finding of the running rule on `event`'s line (rules judging an event call this).
    public func report(_ message: String, on instance: Instance, at event: LifecycleEvent, severity: Severity? = nil) {
        report(message, on: instance, line: event.line, time: event.time, event: event.kind.name, severity: severity,
               extraEvidence: EvidenceLine(line: event.line, text: text(of: event)))
    }

    /// Reports a finding of the running rule on `instance`. `line` defaults to the instance's latest line;
    /// `severity` defaults to the rule's (or the configuration's) severity. Evidence is the instance's last lines
    /// up to `line`, plus `extraEvidence` (an earlier line that proves the finding), in line order.
    public func report(_ message: String, on instance: Instance, line: Int? = nil, time: TraceTime? = nil,
                       event: EventName, severity: Severity? = nil, extraEvidence: EvidenceLine? = nil) {
        report(message, on: InstanceMark(instance), line: line, time: time, event: event, severity: severity, extraEvidence: extraEvidence)
    }

    /// The same for an instance as it was when a rule kept its mark.
    func report(_ message: String, on instance: InstanceMark, line: Int? = nil, time: TraceTime? = nil,
                event: EventName, severity: Severity? = nil, extraEvidence: EvidenceLine? = nil) {
        let configured = settings.severity(for: currentRule.identifier)
        let chosen = configured ?? severity ?? currentRule.severity
        let findingLine = line ?? extraEvidence?.line ?? instance.lastLine
        let recent = timeline.recentLines(endingAt: instance.evidence)
        var evidence = Array(recent.filter { $0.line <= findingLine }.suffix(4))
        if let extraEvidence, !evidence.contains(extraEvidence) {
            evidence.append(extraEvidence)
            evidence.sort { $0.line < $1.line }
        }
        emit(Finding(rule: currentRule.identifier, severity: chosen, message: message, file: "", line: findingLine,
                     time: time, subject: FindingSubject(ref: instance.key.ref, process: instance.key.process,
                                                         id: instance.key.id(generation: instance.generation), serial: instance.serial),
                     evidence: evidence, event: event))
    }
}
