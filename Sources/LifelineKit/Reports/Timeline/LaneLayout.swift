/// Orders lanes for display: grouped by process (in order of first appearance), each child right after its
/// parent (depth-first), otherwise in order of first appearance.
enum LaneLayout {
    /// Groups `lanes`, which come in serial order (the order `TimelineRecorder` makes them in).
    static func group(_ lanes: [ControllerLane]) -> [ProcessLanes] {
        assert(zip(lanes, lanes.dropFirst()).allSatisfy { $0.serial < $1.serial }, "lanes must come in serial order")
        // Lanes are referred to by index until placed: each is copied once, into its process.
        var order: [ProcessKey] = []
        var members: [[Int]] = []
        var position: [ProcessKey: Int] = [:]
        var last: Int?  // neighbouring lanes mostly share a process: compared before hashing
        for index in lanes.indices {
            let process = lanes[index].process
            if let last, order[last] == process {
                members[last].append(index)
            } else if let known = position[process] {
                members[known].append(index)
                last = known
            } else {
                position[process] = order.count
                last = order.count
                order.append(process)
                members.append([index])
            }
        }
        let serialLimit = (lanes.last?.serial ?? 0) + 1
        return order.indices.map { ProcessLanes(name: order[$0].description, lanes: nest(members[$0], of: lanes, serialLimit: serialLimit)) }
    }

    /// Depth-first order under each root; a parent outside the process or a cycle makes a lane a root. Serials are
    /// below `serialLimit`, so sets of them are flags indexed by serial.
    private static func nest(_ members: [Int], of lanes: [ControllerLane], serialLimit: Int) -> [ControllerLane] {
        var isMember = [Bool](repeating: false, count: serialLimit)
        for index in members { isMember[lanes[index].serial] = true }
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for index in members {
            if let parent = lanes[index].parent, parent < serialLimit, isMember[parent] {
                children[parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        var result: [ControllerLane] = []
        result.reserveCapacity(members.count)
        var placed = [Bool](repeating: false, count: serialLimit)
        func visit(_ index: Int, depth: Int) {
            let serial = lanes[index].serial
            guard !placed[serial] else { return }
            placed[serial] = true
            result.append(lanes[index])
            result[result.count - 1].depth = depth
            for child in children[serial] ?? [] { visit(child, depth: depth + 1) }
        }
        for root in roots { visit(root, depth: 0) }
        for index in members where !placed[lanes[index].serial] { visit(index, depth: 0) }  // cycles
        return result
    }
}
