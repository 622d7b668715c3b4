@testable import LifelineKit

/// Findings and results built directly, for testing reporters without running traces.
enum ReportFixtures {
    static func finding(_ rule: String = "appearance-order", _ severity: Severity = .error, file: String = "traces/cart.log",
                        line: Int = 12, message: String = "<Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear",
                        controller: String = "Shop.CartViewController", address: UInt64? = 0x7f01,
                        event: EventName = .callback(.viewDidAppear)) -> Finding {
        let ref = ControllerRef(name: controller, address: address)
        return Finding(rule: rule, severity: severity, message: message, file: file, line: line, time: nil,
                       subject: FindingSubject(ref: ref, process: ProcessKey(name: "Shop", pid: 4089), id: "Shop[4089]/\(controller)#1",
                                               serial: 1),
                       evidence: [EvidenceLine(line: line, text: "\(ref) \(event)(_:)")], event: event)
    }

    static func file(_ path: String, lines: Int = 20, controllers: Int = 2, failure: String? = nil) -> FileSummary {
        var statistics = TraceStatistics()
        statistics.lines = lines
        statistics.events = lines / 2
        statistics.controllers = controllers
        return FileSummary(path: path, statistics: statistics, failure: failure)
    }

    /// Two files with findings of every severity, one clean file and one unreadable one.
    static let mixed = AuditResult(
        files: [file("traces/cart.log"), file("traces/clean.log"), file("traces/locked.log", lines: 0, controllers: 0, failure: "cannot open: Permission denied"),
                file("traces/nested/list.log", lines: 7, controllers: 1)],
        findings: [
            finding(),
            finding("observer-balance", .warning, line: 30, event: .callback(.viewDidDisappear)),
            finding("slow-transition", .info, file: "traces/nested/list.log", line: 3, controller: "Shop.ListViewController"),
        ])
}

/// Escaping done character by character, to check the byte-level escapers against.
enum ReferenceEscaping {
    /// `text` with each character that `replacement` names replaced.
    static func escape(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
