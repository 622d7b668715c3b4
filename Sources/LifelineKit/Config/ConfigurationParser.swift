/// A configuration file that cannot be used, with where and why.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var file: String
    /// The offending value as a JSON pointer (`/rules/slow-transition/severity`, `/patterns/0`), or a JSON position.
    public var location: String
    public var message: String

    public var description: String { "\(file): \(location): \(message)" }
}

/// Reads `.lifeline.json`. Strict: unknown keys, duplicate keys and wrong types are errors, so typos never pass
/// silently; a misspelt key gets a "did you mean". Errors name the offending value by its JSON pointer (RFC 6901).
/// Comments are allowed (`//`, `/* */`, `"$comment"` members), so a configuration can say why (`JSONComments`).
public enum ConfigurationParser {
    public static func parse(_ text: String, file: String) throws(ConfigurationError) -> Configuration {
        let root: JSONValue
        do { root = JSONComments.withoutCommentMembers(try JSONParser.parse(try JSONComments.blanked(text))) } catch {
            throw ConfigurationError(file: file, location: "JSON", message: "\(error)")
        }
        var reader = Reader(file: file)
        return try reader.configuration(root)
    }

    struct Reader {
        let file: String

        func fail(_ pointer: String, _ message: String) -> ConfigurationError {
            ConfigurationError(file: file, location: pointer.isEmpty ? "top level" : pointer, message: message)
        }

        /// The JSON pointer of member `key` of the value at `pointer`.
        func member(_ pointer: String, _ key: String) -> String { pointer + "/" + Self.escaped(key) }

        /// `key` as a JSON pointer's reference token: `~` and `/` escaped (RFC 6901).
        static func escaped(_ key: String) -> String {
            var escaped = ""
            for character in key {
                switch character {
                case "~": escaped += "~0"
                case "/": escaped += "~1"
                default: escaped.append(character)
                }
            }
            return escaped
        }

        func object(_ value: JSONValue, _ pointer: String, allowed: Set<String>) throws(ConfigurationError) -> JSONObject {
            guard let object = value.objectValue else { throw fail(pointer, "expected an object") }
            var seen: Set<String> = []
            for key in object.keys {
                guard allowed.contains(key) else {
                    let expected = allowed.sorted().joined(separator: ", ")
                    throw fail(member(pointer, key), "unknown key\(Suggestion.hint(key, among: allowed.sorted())) (expected one of: \(expected))")
                }
                guard seen.insert(key).inserted else {
                    throw fail(member(pointer, key), "duplicate key; which one should win is not written down: keep one")
                }
            }
            return object
        }

        /// Where an invalid expression fails; nothing for a pattern that compiles but is refused for another reason.
        static func location(_ error: CustomPatterns.PatternError, _ pattern: String) -> String {
            guard case .invalid = error else { return "" }
            return PatternSyntax.whereItFails(pattern)
        }

        func strings(_ value: JSONValue, _ path: String) throws(ConfigurationError) -> [String] {
            guard let array = value.arrayValue else { throw fail(path, "expected an array of strings") }
            var result: [String] = []
            for (index, item) in array.enumerated() {
                guard let string = item.stringValue else { throw fail("\(path)/\(index)", "expected a string") }
                result.append(string)
            }
            return result
        }

        func seconds(_ value: JSONValue, _ path: String) throws(ConfigurationError) -> Double {
            guard let number = value.doubleValue, number >= 0, number.isFinite else {
                throw fail(path, "expected a number of seconds ≥ 0")
            }
            return number
        }

        mutating func configuration(_ root: JSONValue) throws(ConfigurationError) -> Configuration {
            let object = try self.object(root, "", allowed: ["rules", "leakTimeout", "slowTransitionSeconds", "ignoreClasses",
                                                              "patterns", "failOn", "overrides", "events"])
            var configuration = Configuration()
            if let events = object["events"] { try appEvents(events, into: &configuration) }
            if let rules = object["rules"] {
                try customRules(rules, into: &configuration)
                configuration.rules = try ruleSettings(rules, "/rules", custom: configuration)
            }
            if let value = object["leakTimeout"] { configuration.leakTimeout = try seconds(value, "/leakTimeout") }
            if let value = object["slowTransitionSeconds"] { configuration.slowTransitionSeconds = try seconds(value, "/slowTransitionSeconds") }
            if let value = object["ignoreClasses"] { configuration.ignoreClasses = try strings(value, "/ignoreClasses") }
            if let value = object["patterns"] {
                configuration.patterns = try strings(value, "/patterns")
                do { configuration.compiledPatterns = try CustomPatterns(configuration.patterns) } catch {
                    throw fail("/patterns/\(error.index)", error.description + Self.location(error.error, configuration.patterns[error.index]))
                }
            }
            if let value = object["failOn"] {
                guard let level = value.stringValue, ["error", "warning", "info", "never"].contains(level) else {
                    throw fail("/failOn", "expected one of: error, warning, info, never")
                }
                configuration.failOn = level
            }
            if let value = object["overrides"] {
                guard let array = value.arrayValue else { throw fail("/overrides", "expected an array") }
                for (index, item) in array.enumerated() {
                    let pointer = "/overrides/\(index)"
                    let entry = try self.object(item, pointer, allowed: ["paths", "rules"])
                    guard let paths = entry["paths"] else { throw fail(pointer, "missing \"paths\"") }
                    configuration.overrides.append(Configuration.Override(
                        paths: try strings(paths, "\(pointer)/paths"),
                        rules: try entry["rules"].map { v throws(ConfigurationError) in
                            try ruleSettings(v, "\(pointer)/rules", custom: configuration)
                        } ?? [:]))
                }
            }
            return configuration
        }

        /// Per-rule settings. Rules of the configuration (`custom`) may be named too; their definitions (with a
        /// `template`) and the `pattern` of a rule with an app event were read by `customRules`.
        func ruleSettings(_ value: JSONValue, _ path: String, custom: Configuration) throws(ConfigurationError) -> [String: Configuration.RuleSetting] {
            let known = Set(RuleRegistry.descriptions.map(\.identifier) + custom.customRules.map(\.identifier))
            let object = try self.object(value, path, allowed: known)
            var settings: [String: Configuration.RuleSetting] = [:]
            for (rule, item) in object.pairs {
                let rulePath = member(path, rule)
                if let enabled = item.boolValue {
                    settings[rule] = Configuration.RuleSetting(enabled: enabled, severity: nil)
                    continue
                }
                var allowed: Set<String> = ["enabled", "severity"]
                if path == "/rules" {
                    if custom.customRules.contains(where: { $0.identifier == rule }) { allowed = CustomRuleReader.allFields }
                    if RuleRegistry.rule(identifier: rule)?.description.appEvent != nil { allowed.insert("pattern") }
                }
                let entry = try self.object(item, rulePath, allowed: allowed)
                var setting = Configuration.RuleSetting()
                if let enabled = entry["enabled"] {
                    guard let flag = enabled.boolValue else { throw fail("\(rulePath)/enabled", "expected true or false") }
                    setting.enabled = flag
                }
                if let severity = entry["severity"] {
                    guard let name = severity.stringValue, let level = Severity(rawValue: name) else {
                        throw fail("\(rulePath)/severity", "expected one of: error, warning, info")
                    }
                    setting.severity = level
                }
                settings[rule] = setting
            }
            return settings
        }
    }
}
