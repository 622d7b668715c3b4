/// What identifies a finding from one run to the next, whatever else changes in the trace: the file, the rule, the
/// controller's class (without its address, which changes every run), the event, and which occurrence of that
/// combination it is in the file (1 for the first by line, 2 for the next…). Line numbers are left out, so lines
/// added or removed elsewhere in the trace keep every fingerprint.
public struct Fingerprint: Hashable, Sendable, Comparable {
    /// The trace's path, relative to whatever the fingerprints are compared in (a baseline's folder, a SARIF root).
    public var file: String
    public var rule: String
    /// The class or label, without address: `Shop.CartViewController`.
    public var controller: String
    public var event: String
    /// 1-based among the findings of `file` with the same rule, controller and event, in output order.
    public var occurrence: Int

    public init(file: String, rule: String, controller: String, event: String, occurrence: Int) {
        self.file = file
        self.rule = rule
        self.controller = controller
        self.event = event
        self.occurrence = occurrence
    }

    /// The fingerprint of each finding, in the order given (pass them in output order: file, line, rule).
    /// `path` maps a finding's file to the path fingerprints use.
    public static func of(_ findings: [Finding], path: (String) -> String) -> [Fingerprint] {
        var seen: [Fingerprint: Int] = [:]
        return findings.map { finding in
            var key = Fingerprint(file: path(finding.file), rule: finding.rule, controller: finding.subject.ref.name,
                                  event: finding.event.name, occurrence: 0)
            let occurrence = (seen[key] ?? 0) + 1
            seen[key] = occurrence
            key.occurrence = occurrence
            return key
        }
    }

    public static func < (a: Fingerprint, b: Fingerprint) -> Bool {
        (a.file, a.rule, a.controller, a.event, a.occurrence) < (b.file, b.rule, b.controller, b.event, b.occurrence)
    }

    /// A 64-bit FNV-1a hash of the fields as 16 hex digits, stable across platforms and runs.
    public var digest: String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in [file, rule, controller, event, String(occurrence)].joined(separator: "\u{1F}").utf8 {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
