import Foundation

/// The stable JSON schema (version 1), documented in the README:
/// `{"version":1,"files":[…],"findings":[…],"summary":{"errors","warnings","infos"}}`. It holds all that every
/// other format needs, so `AuditResultReader` can read it back for `lifeline merge`.
public struct JSONReporter: FindingsReporter {
    public var pretty: Bool

    public init(pretty: Bool = true) { self.pretty = pretty }

    public func render(_ result: AuditResult) -> String {
        JSONWriter.text(pretty: pretty) { write(result, with: $0) }
    }

    public func write(_ result: AuditResult, to output: (Data) -> Void) {
        JSONWriter.write(pretty: pretty, to: output) { write(result, with: $0) }
    }

    /// Member by member: each finding's object is made as it is written, never a tree of them all.
    private func write(_ result: AuditResult, with writer: JSONWriter) {
        let counts = result.counts
        writer.beginObject()
        writer.writeMember("version", first: true, depth: 0)
        writer.write(.int(1), depth: 1)
        writer.writeMember("configuration", first: false, depth: 0)
        writer.write(result.configuration.map { .string($0) } ?? .null, depth: 1)
        writer.writeMember("files", first: false, depth: 0)
        writer.writeArray(result.files.lazy.map(Self.file), depth: 1)
        writer.writeMember("findings", first: false, depth: 0)
        writer.writeArray(result.findings.lazy.map(Self.finding), depth: 1)
        writer.writeMember("summary", first: false, depth: 0)
        writer.write(.object(JSONObject([
            ("errors", .int(Int64(counts.errors))),
            ("warnings", .int(Int64(counts.warnings))),
            ("infos", .int(Int64(counts.infos))),
        ])), depth: 1)
        writer.endObject(isEmpty: false, depth: 0)
        writer.writeNewline()
    }

    static func file(_ file: FileSummary) -> JSONValue {
        var object = JSONObject([
            ("path", .string(file.path)),
            ("lines", .int(Int64(file.statistics.lines))),
            ("events", .int(Int64(file.statistics.events))),
            ("unattributed", .int(Int64(file.statistics.unattributedLines))),
            ("unparseable", .int(Int64(file.statistics.unparseableLines))),
            ("controllers", .int(Int64(file.statistics.controllers))),
        ])
        if let failure = file.failure { object["error"] = .string(failure) }
        return .object(object)
    }

    /// One finding as an object; also the line format of `jsonl`.
    public static func finding(_ finding: Finding) -> JSONValue {
        let subject = finding.subject
        return .object(JSONObject([
            ("rule", .string(finding.rule)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
            ("file", .string(finding.file)),
            ("line", .int(Int64(finding.line))),
            ("timestamp", finding.time.map { .string($0.iso8601) } ?? .null),
            ("controller", .object(JSONObject([
                ("class", .string(subject.ref.name)),
                ("address", subject.ref.addressText.map(JSONValue.string) ?? .null),
                ("id", .string(subject.id)),
                ("process", subject.process.name.map(JSONValue.string) ?? .null),
                ("pid", subject.process.pid.map { .int(Int64($0)) } ?? .null),
            ]))),
            ("evidence", .array(finding.evidence.map { line in
                .object(JSONObject([("line", .int(Int64(line.line))), ("text", .string(line.text))]))
            })),
            // What baselines and SARIF fingerprint a finding by, so that `lifeline merge` can rebuild them.
            ("event", .string(finding.event.name)),
        ]))
    }
}
