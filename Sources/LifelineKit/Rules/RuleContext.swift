/// What rules may consult while judging, and where they report. One per trace.
public final class RuleContext {
    public let settings: RuleSettings
    /// Per class (or label): the callbacks it has logged so far in this trace (§8.1), found by `profileIndex`.
    /// Instances remember their class's position (`Instance.profile`), so the engine and rules skip the lookup.
    private var profiles: [CallbackSet] = []
    private var profileIndex: [String: Int] = [:]
    /// The latest trace time seen, for time-based rules.
    public internal(set) var now: TraceTime?
    /// Whether any line of the trace carried a timestamp.
    public internal(set) var hasTimestamps = false
    let lookup: (InstanceKey) -> Instance?
    private let emit: (Finding) -> Void
    /// Each rule's identifier and severity, by the engine's rule index (a rule's `description` is a large struct).
    private let ruleIdentities: [(identifier: String, severity: Severity)]
    /// The index of the rule being run; set by the engine before each call (an index: no string is retained).
    var currentRuleIndex = 0
    var currentRule: (identifier: String, severity: Severity) { ruleIdentities[currentRuleIndex] }

    init(settings: RuleSettings, rules: [any Rule], lookup: @escaping (InstanceKey) -> Instance?, emit: @escaping (Finding) -> Void) {
        self.ruleIdentities = rules.map { (type(of: $0).description.identifier, type(of: $0).description.severity) }
        self.settings = settings
        self.lookup = lookup
        self.emit = emit
    }

    /// Whether the class (or label) of `ref` has logged `callback` anywhere so far.
    /// Labels without an address (`vc1`) name objects, not classes, so they share one profile.
    public func classLogs(_ callback: Callback, _ ref: ControllerRef) -> Bool {
        profileIndex[Self.profileKey(ref)].map { profiles[$0].contains(callback) } ?? false
    }

    /// The same for the class of `instance`.
    public func classLogs(_ callback: Callback, of instance: Instance) -> Bool {
        profiles[instance.profile].contains(callback)
    }

    /// The position of the profile of `ref`'s class, made on first sight.
    func profile(for ref: ControllerRef) -> Int {
        let key = Self.profileKey(ref)
        if let index = profileIndex[key] { return index }
        profiles.append(CallbackSet())
        profileIndex[key] = profiles.count - 1
        return profiles.count - 1
    }

    func recordLogged(_ callback: Callback, profile: Int) {
        profiles[profile].insert(callback)
    }

    private static func profileKey(_ ref: ControllerRef) -> String { ref.address == nil ? "" : ref.name }

    /// Another live instance of this trace.
    public func instance(_ key: InstanceKey) -> Instance? { lookup(key) }

    /// Reports a finding of the running rule on `event`'s line (rules judging an event call this).
    public func report(_ message: String, on instance: Instance, at event: LifecycleEvent, severity: Severity? = nil) {
        report(message, on: instance, line: event.line, time: event.time, event: event.kind.name, severity: severity,
               extraEvidence: EvidenceLine(line: event.line, text: event.text))
    }

    /// Reports a finding of the running rule on `instance`. `line` defaults to the instance's latest line;
    /// `severity` defaults to the rule's (or the configuration's) severity. Evidence is the instance's last lines
    /// up to `line`, plus `extraEvidence` (an earlier line that proves the finding), in line order.
    public func report(_ message: String, on instance: Instance, line: Int? = nil, time: TraceTime? = nil,
                       event: String, severity: Severity? = nil, extraEvidence: EvidenceLine? = nil) {
        let configured = settings.severity(for: currentRule.identifier)
        let chosen = configured ?? severity ?? currentRule.severity
        let findingLine = line ?? extraEvidence?.line ?? instance.lastLine
        var evidence = Array(instance.recent.filter { $0.line <= findingLine }.suffix(4))
        if let extraEvidence, !evidence.contains(extraEvidence) {
            evidence.append(extraEvidence)
            evidence.sort { $0.line < $1.line }
        }
        emit(Finding(rule: currentRule.identifier, severity: chosen, message: message, file: "", line: findingLine,
                     time: time, subject: FindingSubject(ref: instance.key.ref, process: instance.key.process,
                                                         id: instance.id, serial: instance.serial),
                     evidence: evidence, event: event))
    }
}
