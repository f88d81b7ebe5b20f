/// Marks the elements of `values` (distinct integers) that form one longest strictly increasing subsequence: what
/// stays put when the rest move. Patience sorting with predecessor links; an element greater than the last pile's
/// top is appended without a search, so an almost-sorted sequence (few moves) takes O(n).
///
/// - Complexity: O(n log L) for a longest subsequence of length L; O(n) when the sequence is sorted but for k
///   elements, plus O(k log n).
@inlinable
func _markLongestIncreasingSubsequence(_ values: [Int], into keep: inout [Bool]) {
    let n = values.count
    keep = [Bool](repeating: false, count: n)
    guard n > 0 else { return }
    var tails: [Int] = []  // tails[k]: the index of the smallest tail of an increasing run of length k + 1
    tails.reserveCapacity(n)
    var previous = [Int](repeating: -1, count: n)
    for i in 0..<n {
        let value = values[i]
        if let last = tails.last, values[last] >= value {
            var low = 0, high = tails.count - 1
            while low < high {
                let mid = (low + high) >> 1
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            tails[low] = i
        } else {
            if let last = tails.last { previous[i] = last }
            tails.append(i)
        }
    }
    var index = tails[tails.count - 1]
    while index >= 0 {
        keep[index] = true
        index = previous[index]
    }
}
