/// Counts the elements that appear and disappear between two consecutive visible sets, as a collection view does to
/// dequeue and recycle cells, without allocating in steady state.
///
/// Each element becomes a 64-bit key. The keys of a frame are sorted by a natural merge sort: a query's answer is a
/// few sorted runs (one per region), so this costs a pass or two. Then one merge walk compares them with the previous
/// frame's keys. All buffers keep their capacity from frame to frame.
struct VisibleSetDiff {
    private var previous: [UInt64] = []
    private var current: [UInt64] = []
    private var scratch: [UInt64] = []

    /// The key of an element: category (2 bits), a 6-bit hash of the kind name, section (28 bits), item (28 bits).
    /// Paths beyond 2^28 - 1 are refused; two kind names of one category may share a hash (then their elements
    /// with equal paths count as one).
    @inline(__always)
    static func key(_ attributes: LayoutAttributes) -> UInt64 {
        let path = attributes.path
        precondition(
            path.section >= 0 && path.section < 1 << 28 && path.item >= 0 && path.item < 1 << 28,
            "element path \(path) is outside the range the visible-set diff supports")
        var nameHash: UInt64 = 0
        if attributes.kind.category != .cell {
            attributes.kind.name.withUTF8Buffer { bytes in
                for byte in bytes { nameHash = (nameHash &* 31 &+ UInt64(byte)) & 63 }
            }
        }
        return UInt64(attributes.kind.category.rawValue) << 62 | nameHash << 56 | UInt64(path.section) << 28
            | UInt64(path.item)
    }

    /// Replaces the remembered set with `visible`, returning how many of its elements were not in the last one
    /// (appeared) and how many of the last one's are not in it (disappeared).
    ///
    /// - Complexity: O(k log r) for k elements in r sorted runs, plus O(k + previous count).
    mutating func update(with visible: [LayoutAttributes]) -> (appeared: Int, disappeared: Int) {
        current.removeAll(keepingCapacity: true)
        for attributes in visible { current.append(Self.key(attributes)) }
        sortCurrent()
        var appeared = 0, disappeared = 0
        var i = 0, j = 0
        while i < current.count && j < previous.count {
            let a = current[i], b = previous[j]
            if a == b {
                i += 1
                j += 1
            } else if a < b {
                appeared += 1
                i += 1
            } else {
                disappeared += 1
                j += 1
            }
        }
        appeared += current.count - i
        disappeared += previous.count - j
        swap(&previous, &current)
        return (appeared, disappeared)
    }

    /// Forgets the remembered set.
    mutating func reset() { previous.removeAll(keepingCapacity: true) }

    /// Sorts `current` by merging its ascending runs pairwise into `scratch` until one run is left.
    private mutating func sortCurrent() {
        let n = current.count
        if n < 2 { return }
        if scratch.count < n { scratch.append(contentsOf: repeatElement(0, count: n - scratch.count)) }
        while true {
            var runs = 0
            var start = 0
            current.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    var out = 0
                    while start < n {
                        var mid = start + 1
                        while mid < n && source[mid - 1] <= source[mid] { mid += 1 }
                        var end = mid
                        if end < n {
                            end += 1
                            while end < n && source[end - 1] <= source[end] { end += 1 }
                        }
                        // Merge source[start..<mid] and source[mid..<end] into target[out...].
                        var a = start, b = mid
                        while a < mid && b < end {
                            if source[b] < source[a] {
                                target[out] = source[b]
                                b += 1
                            } else {
                                target[out] = source[a]
                                a += 1
                            }
                            out += 1
                        }
                        while a < mid { target[out] = source[a]; a += 1; out += 1 }
                        while b < end { target[out] = source[b]; b += 1; out += 1 }
                        runs += 1
                        start = end
                    }
                }
            }
            swap(&current, &scratch)
            if runs <= 1 { break }
        }
        // `scratch` may now be the longer buffer; `current` holds exactly the sorted keys.
        if current.count > n { current.removeLast(current.count - n) }
    }
}
