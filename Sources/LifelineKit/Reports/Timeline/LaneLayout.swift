/// Orders lanes for display: grouped by process (in order of first appearance), each child right after its
/// parent (depth-first), otherwise in order of first appearance.
enum LaneLayout {
    static func group(_ lanes: [ControllerLane]) -> [ProcessLanes] {
        var order: [ProcessKey] = []
        var byProcess: [ProcessKey: [ControllerLane]] = [:]
        for lane in lanes.sorted(by: { $0.serial < $1.serial }) {
            let process = lane.process
            if byProcess[process] == nil { order.append(process) }
            byProcess[process, default: []].append(lane)
        }
        return order.map { ProcessLanes(name: $0.description, lanes: nest(byProcess[$0] ?? [])) }
    }

    /// Depth-first order under each root; a parent outside the process or a cycle makes a lane a root.
    private static func nest(_ lanes: [ControllerLane]) -> [ControllerLane] {
        let serials = Set(lanes.map(\.serial))
        var children: [Int: [ControllerLane]] = [:]
        var roots: [ControllerLane] = []
        for lane in lanes {
            if let parent = lane.parent, serials.contains(parent) { children[parent, default: []].append(lane) } else { roots.append(lane) }
        }
        var result: [ControllerLane] = []
        var placed = Set<Int>()
        func visit(_ lane: ControllerLane, depth: Int) {
            guard placed.insert(lane.serial).inserted else { return }
            var nested = lane
            nested.depth = depth
            result.append(nested)
            for child in children[lane.serial] ?? [] { visit(child, depth: depth + 1) }
        }
        for root in roots { visit(root, depth: 0) }
        for lane in lanes where !placed.contains(lane.serial) { visit(lane, depth: 0) }  // cycles
        return result
    }
}
