import Foundation

/// `sarif`: SARIF 2.1.0, the format of GitHub code scanning and of most static-analysis viewers.
///
/// One run; the tool driver lists every rule with its help (the text of `lifeline rules explain`), each result
/// points at its trace file (relative to `%SRCROOT%`, the working directory) and line, and carries a partial
/// fingerprint that survives edits elsewhere in the trace (see `Fingerprint`). Unreadable inputs are error
/// notifications of the run's invocation. Severities map to the levels `error`, `warning` and `note`.
public struct SARIFReporter: FindingsReporter, Sendable {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The base every artifact location is relative to.
    public static let rootBase = "%SRCROOT%"

    public var toolVersion: String
    public var informationURI: String
    /// The absolute folder that `%SRCROOT%` stands for.
    public var workingDirectory: String

    public init(toolVersion: String, informationURI: String, workingDirectory: String) {
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.workingDirectory = workingDirectory
    }

    public func render(_ result: AuditResult) -> String {
        JSONWriter.text(pretty: true) { write(result, with: $0) }
    }

    public func write(_ result: AuditResult, to output: (Data) -> Void) {
        JSONWriter.write(pretty: true, to: output) { write(result, with: $0) }
    }

    /// Member by member: each result's object is made as it is written, never a tree of them all.
    private func write(_ result: AuditResult, with writer: JSONWriter) {
        let ruleIndex = Dictionary(result.rules.enumerated().map { ($1.identifier, $0) }) { first, _ in first }
        // Findings of one file share its paths: worked out once per file.
        let files = Set(result.findings.lazy.map(\.file))
        let relativePaths = Dictionary(uniqueKeysWithValues: files.map { ($0, relativePath($0) ?? $0) })
        let artifacts = Dictionary(uniqueKeysWithValues: files.map { ($0, artifactLocation($0)) })
        let fingerprints = Fingerprint.of(result.findings) { relativePaths[$0]! }
        let driver = JSONObject([
            ("name", .string("Lifeline")),
            ("informationUri", .string(informationURI)),
            ("version", .string(toolVersion)),
            ("rules", .array(result.rules.map(rule))),
        ])
        let run: [(String, JSONValue)] = [
            ("tool", .object(JSONObject([("driver", .object(driver))]))),
            ("originalUriBaseIds", .object(JSONObject([
                (Self.rootBase, .object(JSONObject([("uri", .string(Self.fileURI(directory: workingDirectory)))]))),
            ]))),
            ("invocations", .array([invocation(result)])),
        ]
        writer.beginObject()
        writer.writeMember("$schema", first: true, depth: 0)
        writer.write(.string(Self.schema), depth: 1)
        writer.writeMember("version", first: false, depth: 0)
        writer.write(.string("2.1.0"), depth: 1)
        writer.writeMember("runs", first: false, depth: 0)
        writer.beginArray()
        writer.writeElement(first: true, depth: 1)
        writer.beginObject()
        for (position, (key, value)) in run.enumerated() {
            writer.writeMember(key, first: position == 0, depth: 2)
            writer.write(value, depth: 3)
        }
        writer.writeMember("results", first: false, depth: 2)
        writer.writeArray(zip(result.findings, fingerprints).lazy.map { finding, fingerprint in
            self.result(finding, ruleIndex: ruleIndex[finding.rule], fingerprint: fingerprint, artifact: artifacts[finding.file]!)
        }, depth: 3)
        writer.endObject(isEmpty: false, depth: 2)
        writer.endArray(isEmpty: false, depth: 1)
        writer.endObject(isEmpty: false, depth: 0)
        writer.writeNewline()
    }

    private func rule(_ rule: RuleDescription) -> JSONValue {
        .object(JSONObject([
            ("id", .string(rule.identifier)),
            ("shortDescription", .object(JSONObject([("text", .string(rule.summary))]))),
            ("fullDescription", .object(JSONObject([("text", .string(rule.explanation))]))),
            ("help", .object(JSONObject([
                ("text", .string(RuleCatalog.explanation(rule))),
                ("markdown", .string(Self.helpMarkdown(rule))),
            ]))),
            ("defaultConfiguration", .object(JSONObject([("level", .string(Self.level(rule.severity)))]))),
        ]))
    }

    private func result(_ finding: Finding, ruleIndex: Int?, fingerprint: Fingerprint, artifact: JSONObject?) -> JSONValue {
        var object = JSONObject([("ruleId", .string(finding.rule))])
        if let ruleIndex { object["ruleIndex"] = .int(Int64(ruleIndex)) }
        object["level"] = .string(Self.level(finding.severity))
        object["message"] = .object(JSONObject([("text", .string(finding.message))]))
        if let location = location(artifact, line: finding.line) { object["locations"] = .array([location]) }
        object["partialFingerprints"] = .object(JSONObject([("lifelineFingerprint/v1", .string(fingerprint.digest))]))
        return .object(object)
    }

    private func invocation(_ result: AuditResult) -> JSONValue {
        let notifications = result.failedFiles.map { file -> JSONValue in
            var object = JSONObject([
                ("level", .string("error")),
                ("message", .object(JSONObject([("text", .string("\(file.path): \(file.failure ?? "")"))]))),
            ])
            if let location = location(artifactLocation(file.path), line: nil) { object["locations"] = .array([location]) }
            return .object(object)
        }
        return .object(JSONObject([
            ("executionSuccessful", .bool(notifications.isEmpty)),
            ("toolExecutionNotifications", .array(notifications)),
        ]))
    }

    /// Where a file is: relative to `%SRCROOT%` inside the working directory, an absolute `file:` URI outside it.
    /// Standard input is `<stdin>` relative to `%SRCROOT%` (percent-encoded): GitHub code scanning wants every
    /// result to have a location, and the line still tells where in the input the finding is.
    private func artifactLocation(_ file: String) -> JSONObject {
        guard file != TraceInput.standardInput.displayName else {
            return JSONObject([("uri", .string(Self.percentEncoded(file))), ("uriBaseId", .string(Self.rootBase))])
        }
        if let relative = relativePath(file) {
            return JSONObject([("uri", .string(Self.percentEncoded(relative))), ("uriBaseId", .string(Self.rootBase))])
        }
        return JSONObject([("uri", .string("file://" + Self.percentEncoded(RelativePath.absolute(file, base: workingDirectory))))])
    }

    /// A physical location in the file at `artifact`, if it has one.
    private func location(_ artifact: JSONObject?, line: Int?) -> JSONValue? {
        guard let artifact else { return nil }
        var physical = JSONObject([("artifactLocation", .object(artifact))])
        if let line { physical["region"] = .object(JSONObject([("startLine", .int(Int64(line)))])) }
        return .object(JSONObject([("physicalLocation", .object(physical))]))
    }

    /// The path below the working directory, or nil outside it.
    private func relativePath(_ file: String) -> String? {
        guard RelativePath.isInside(file, directory: workingDirectory, base: workingDirectory) else { return nil }
        return RelativePath.relative(file, to: workingDirectory, base: workingDirectory)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    static func fileURI(directory: String) -> String {
        let path = percentEncoded(directory)
        return "file://" + path + (path.hasSuffix("/") ? "" : "/")
    }

    /// A path as a URI reference: every byte but unreserved characters and `/` percent-encoded (RFC 3986).
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    static func helpMarkdown(_ rule: RuleDescription) -> String {
        "**\(MarkdownText.escape(rule.summary))** (\(rule.severity.rawValue))\n\n\(MarkdownText.escape(rule.explanation))\n"
            + RuleCatalog.examples(of: rule) { MarkdownText.codeBlock($0, language: "text") }
    }
}
