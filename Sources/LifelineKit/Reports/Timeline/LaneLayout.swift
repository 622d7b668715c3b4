/// Orders lanes for display: grouped by process (in order of first appearance), each child right after its
/// parent (depth-first), otherwise in order of first appearance.
enum LaneLayout {
    static func group(_ lanes: [ControllerLane]) -> [ProcessLanes] {
        // Lanes are referred to by index until placed: each is copied once, into its process.
        var order: [ProcessKey] = []
        var byProcess: [ProcessKey: [Int]] = [:]
        for index in lanes.indices.sorted(by: { lanes[$0].serial < lanes[$1].serial }) {
            let process = lanes[index].process
            if byProcess[process] == nil { order.append(process) }
            byProcess[process, default: []].append(index)
        }
        return order.map { ProcessLanes(name: $0.description, lanes: nest(byProcess[$0] ?? [], of: lanes)) }
    }

    /// Depth-first order under each root; a parent outside the process or a cycle makes a lane a root.
    private static func nest(_ members: [Int], of lanes: [ControllerLane]) -> [ControllerLane] {
        let serials = Set(members.map { lanes[$0].serial })
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for index in members {
            if let parent = lanes[index].parent, serials.contains(parent) { children[parent, default: []].append(index) } else { roots.append(index) }
        }
        var result: [ControllerLane] = []
        result.reserveCapacity(members.count)
        var placed = Set<Int>()
        func visit(_ index: Int, depth: Int) {
            let serial = lanes[index].serial
            guard placed.insert(serial).inserted else { return }
            var nested = lanes[index]
            nested.depth = depth
            result.append(nested)
            for child in children[serial] ?? [] { visit(child, depth: depth + 1) }
        }
        for root in roots { visit(root, depth: 0) }
        for index in members where !placed.contains(lanes[index].serial) { visit(index, depth: 0) }  // cycles
        return result
    }
}
