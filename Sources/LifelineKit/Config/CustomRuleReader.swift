/// Reading `events` and the rules built from templates in `rules`. Errors name the offending field by its JSON
/// pointer (`/rules/products-once/event`), so an invalid rule fails at once, naming where.
enum CustomRuleReader {
    /// Fields every rule built from a template may have.
    static let commonFields: Set<String> = ["template", "event", "per", "severity", "message", "explanation", "enabled"]
    /// Every field any template takes.
    static var allFields: Set<String> { RuleTemplates.all.reduce(commonFields) { $0.union($1.fields.optional) } }

    /// Where an expression that does not compile fails (`PatternSyntax`); nothing for other errors.
    static func location(_ error: AppEventPatternError, _ pattern: String) -> String {
        error.description.hasPrefix("invalid regular expression") ? PatternSyntax.whereItFails(pattern) : ""
    }

    /// `/rules/my~1rule`: a JSON pointer of reference tokens, `~` and `/` escaped (RFC 6901).
    static func pointer(_ tokens: String...) -> String {
        "/" + tokens.map(ConfigurationParser.Reader.escaped).joined(separator: "/")
    }
}

extension ConfigurationParser.Reader {
    /// `"events": { "NAME": "REGEX", … }`.
    func appEvents(_ value: JSONValue, into configuration: inout Configuration) throws(ConfigurationError) {
        let path = CustomRuleReader.pointer("events")
        guard let object = value.objectValue else { throw fail(path, "expected an object of event names and patterns") }
        var sources: [AppEventPatterns.Source] = []
        for (name, item) in object.pairs {
            let itemPath = CustomRuleReader.pointer("events", name)
            guard let pattern = item.stringValue else { throw fail(itemPath, "expected a regular expression (a string)") }
            guard let first = name.unicodeScalars.first, first.properties.isAlphabetic,
                  name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }) else {
                throw fail(itemPath, "an event name is a letter followed by letters, digits, '_', '-' or '.'")
            }
            if Callback(rawValue: name) != nil { throw fail(itemPath, "\(name) is a lifecycle callback; name the event otherwise") }
            if let reader = RuleRegistry.appEvent(named: name) {
                throw fail(itemPath, "'\(name)' is \(reader.rule)'s event; set its pattern in /rules/\(reader.rule)/pattern")
            }
            if sources.contains(where: { $0.name == name }) { throw fail(itemPath, "event \(name) is defined twice") }
            sources.append(AppEventPatterns.Source(name: name, pattern: pattern))
        }
        do { configuration.appEvents = try AppEventPatterns(sources) } catch {
            let source = sources[error.index]
            throw fail(CustomRuleReader.pointer("events", source.name), error.description + CustomRuleReader.location(error, source.pattern))
        }
    }

    /// The entries of `rules` that define a rule (they have a `template`), and the `pattern` of a rule that reads an
    /// app event (`RuleAppEvent`).
    func customRules(_ value: JSONValue, into configuration: inout Configuration) throws(ConfigurationError) {
        guard let object = value.objectValue else { return }  // `ruleSettings` reports it
        for (identifier, item) in object.pairs {
            guard let entry = item.objectValue else { continue }
            if let event = RuleRegistry.rule(identifier: identifier)?.description.appEvent, let pattern = entry["pattern"] {
                let path = CustomRuleReader.pointer("rules", identifier, "pattern")
                guard let text = pattern.stringValue else { throw fail(path, "expected a regular expression (a string)") }
                do { _ = try AppEventPatterns([AppEventPatterns.Source(name: event.name, pattern: text)]) } catch {
                    throw fail(path, error.description + CustomRuleReader.location(error, text))
                }
                configuration.rulePatterns[event.name] = text
            }
            guard entry["template"] != nil else { continue }
            configuration.customRules.append(try customRule(identifier, entry, events: configuration.appEvents))
        }
    }

    private func customRule(_ identifier: String, _ entry: JSONObject, events: AppEventPatterns?) throws(ConfigurationError) -> CustomRuleSpec {
        func path(_ field: String) -> String { CustomRuleReader.pointer("rules", identifier, field) }
        if RuleRegistry.rule(identifier: identifier) != nil {
            throw fail(path("template"), "\(identifier) is a built-in rule; give your rule another identifier")
        }
        guard let templateName = entry["template"]?.stringValue, let template = RuleTemplates.type(named: templateName) else {
            let typed = entry["template"]?.stringValue ?? ""
            throw fail(path("template"), "unknown template\(Suggestion.hint(typed, among: RuleTemplates.names)) "
                       + "(expected one of: \(RuleTemplates.names.joined(separator: ", ")))")
        }
        let allowed = CustomRuleReader.commonFields.union(template.fields.optional)
        for key in entry.keys where !allowed.contains(key) {
            throw fail(path(key), "unknown field for template \(templateName)\(Suggestion.hint(key, among: allowed.sorted())) "
                       + "(expected one of: \(allowed.sorted().joined(separator: ", ")))")
        }
        for key in ["event", "message"] + template.fields.required.sorted() where entry[key] == nil {
            throw fail(CustomRuleReader.pointer("rules", identifier), "missing \"\(key)\" (template \(templateName))")
        }
        func event(_ field: String) throws(ConfigurationError) -> EventName {
            guard let name = entry[field]?.stringValue else { throw fail(path(field), "expected an event name (a string)") }
            let known = events?.sources.contains { $0.name == name } == true || RuleRegistry.appEvent(named: name) != nil
            let parsed = EventName(callbackOrApp: name)
            if case .app = parsed, !known {
                throw fail(path(field), "unknown event \(name) (expected a lifecycle callback such as viewDidAppear, or an event of /events)")
            }
            if template.readsCallbacks, case .callback = parsed {
                throw fail(path(field), "template \(templateName) judges app events, which happen inside callbacks; \(name) is a callback")
            }
            return parsed
        }
        func text(_ field: String) throws(ConfigurationError) -> String? {
            guard let value = entry[field] else { return nil }
            guard let string = value.stringValue, !string.isEmpty else { throw fail(path(field), "expected a non-empty string") }
            return string
        }
        var spec = CustomRuleSpec(identifier: identifier, template: templateName, event: try event("event"),
                                  message: try text("message") ?? "", explanation: try text("explanation") ?? template.description.explanation)
        if entry["then"] != nil { spec.then = try event("then") }
        if let value = entry["within"] { spec.within = try seconds(value, path("within")) }
        if let value = entry["byKey"] {
            guard let flag = value.boolValue else { throw fail(path("byKey"), "expected true or false") }
            spec.byKey = flag
        }
        if let value = entry["per"] {
            guard let per = value.stringValue, per == "instance" || per == "class" else { throw fail(path("per"), "expected instance or class") }
            spec.perClass = per == "class"
        }
        if let value = entry["severity"] {
            guard let name = value.stringValue, let level = Severity(rawValue: name) else {
                throw fail(path("severity"), "expected one of: error, warning, info")
            }
            spec.severity = level
        }
        if let value = entry["callbacks"] {
            guard let array = value.arrayValue, !array.isEmpty else { throw fail(path("callbacks"), "expected a non-empty array of callback names") }
            for (index, item) in array.enumerated() {
                guard let name = item.stringValue, let callback = Callback(rawValue: name) else {
                    throw fail(CustomRuleReader.pointer("rules", identifier, "callbacks", String(index)),
                               "expected a lifecycle callback (\(Callback.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                spec.callbacks.append(callback)
            }
        }
        return spec
    }
}
