import LayoutModel
import Scenarios
import SeededRandom

/// A random grid that satisfies ``GridFrameStore``'s contract and nothing more: cells of a row may overlap or have
/// zero size, rows may overlap, and the bands grow as slowly as the contract allows. It exercises what the sticky
/// grid never produces.
package struct SearchableGrid {
    package let rows: Int
    package let columns: Int
    package let frames: [[Rect]]

    package init(rows: Int, columns: Int, seed: UInt64) {
        self.rows = rows
        self.columns = columns
        var rng = SeededGenerator(seed: seed)
        func half(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) / 2 }
        var frames: [[Rect]] = []
        var minY = half(-40...40)
        var previousBandMaxY = -Double.infinity
        for _ in 0..<rows {
            var row: [Rect] = []
            var x = half(-40...40)
            var previousMaxX = -Double.infinity
            var bandMaxY = -Double.infinity
            for column in 0..<columns {
                var width = Bool.random(using: &rng) && Bool.random(using: &rng) ? 0 : half(0...80)
                width = Swift.max(width, previousMaxX - x)
                var height = Int.random(in: 0..<5, using: &rng) == 0 ? 0 : half(0...60)
                if column == columns - 1 { height = Swift.max(height, previousBandMaxY - minY) }
                let frame = Rect(x: x, y: minY, width: width, height: height)
                row.append(frame)
                previousMaxX = frame.maxX
                bandMaxY = Swift.max(bandMaxY, frame.maxY)
                // The next cell may start inside this one (overlap), at its end (touching) or after a gap.
                x += Swift.max(0, width + half(-20...10))
            }
            frames.append(row)
            if columns > 0 { previousBandMaxY = bandMaxY }
            // The next row may start inside this one, at its end, or after a gap.
            minY += Swift.max(0, half(-10...50))
        }
        self.frames = frames
    }

    /// The largest `maxX` and `maxY`, or zero.
    package var extent: Size {
        let all = frames.joined()
        return Size(width: all.map(\.maxX).max() ?? 0, height: all.map(\.maxY).max() ?? 0)
    }
}
