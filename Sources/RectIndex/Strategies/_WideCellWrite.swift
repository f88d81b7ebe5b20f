import LayoutModel

/// Writes a cell's ``LayoutAttributes`` (64 bytes) in four stores of 16 bytes instead of eight, one per field.
///
/// A prefix-sums query of a phone viewport writes 70 to 110 cells, and its cost is their stores: this machine's cores
/// retire one store a cycle, so at one store a field the output alone takes hundreds of cycles, more than the rest
/// of the query. The frame is two pairs of doubles, the path a pair of integers, and the rest (the kind and the
/// zIndex, the same for every cell of a block) is copied from a template as it lies in memory.
///
/// It relies on the field layout of `LayoutAttributes`, which is `@frozen`; ``isAvailable`` checks that layout once
/// per process, through `MemoryLayout` and a probe written both ways, and the writers fall back to the initializer
/// when it does not hold.
enum _WideCellWrite {
    /// Whether `LayoutAttributes` is laid out as ``write(x:y:width:height:section:item:tail:to:)`` assumes.
    static let isAvailable: Bool = checkLayout()

    /// The bytes of a cell's attributes after its frame and path: its kind (an interned 32-bit id), padding and
    /// zIndex, as they lie in memory.
    struct Tail {
        let bytes: SIMD2<UInt64>
    }

    /// The tail of a cell with `zIndex`.
    static func tail(zIndex: Int) -> Tail {
        let template = LayoutAttributes(frame: .zero, path: ElementPath(section: 0, item: 0), zIndex: zIndex)
        return withUnsafeBytes(of: template) { raw in
            Tail(bytes: raw.loadUnaligned(fromByteOffset: 48, as: SIMD2<UInt64>.self))
        }
    }

    /// Initializes `out` to the cell at `(x, y, width, height)` with path `[section, item]` and `tail`'s kind and
    /// zIndex. Only when ``isAvailable``.
    @inline(__always)
    static func write(x: Double, y: Double, width: Double, height: Double, section: Int, item: Int, tail: Tail,
                      to out: UnsafeMutablePointer<LayoutAttributes>) {
        // Raw stores of trivial values into uninitialized memory that then holds a trivial `LayoutAttributes`.
        let raw = UnsafeMutableRawPointer(out)
        raw.storeBytes(of: SIMD2(x, y), toByteOffset: 0, as: SIMD2<Double>.self)
        raw.storeBytes(of: SIMD2(width, height), toByteOffset: 16, as: SIMD2<Double>.self)
        raw.storeBytes(of: SIMD2(section, item), toByteOffset: 32, as: SIMD2<Int>.self)
        raw.storeBytes(of: tail.bytes, toByteOffset: 48, as: SIMD2<UInt64>.self)
    }

    private static func checkLayout() -> Bool {
        typealias A = LayoutAttributes
        guard _isPOD(A.self), MemoryLayout<A>.size == 64, MemoryLayout<Rect>.size == 32,
              MemoryLayout<ElementPath>.size == 16,
              MemoryLayout<A>.offset(of: \A.frame) == 0, MemoryLayout<A>.offset(of: \A.path) == 32,
              MemoryLayout<A>.offset(of: \A.kind) == 48,
              MemoryLayout<Rect>.offset(of: \Rect.origin.x) == 0, MemoryLayout<Rect>.offset(of: \Rect.origin.y) == 8,
              MemoryLayout<Rect>.offset(of: \Rect.size.width) == 16,
              MemoryLayout<Rect>.offset(of: \Rect.size.height) == 24,
              MemoryLayout<ElementPath>.offset(of: \ElementPath.section) == 0,
              MemoryLayout<ElementPath>.offset(of: \ElementPath.item) == 8
        else { return false }
        let expected = A(frame: Rect(x: 1.5, y: -2.25, width: 3.75, height: 0.125), path: ElementPath(section: 7, item: 11),
                         zIndex: 5)
        let probe = UnsafeMutablePointer<A>.allocate(capacity: 1)
        defer { probe.deallocate() }
        write(x: 1.5, y: -2.25, width: 3.75, height: 0.125, section: 7, item: 11, tail: tail(zIndex: 5), to: probe)
        return probe.pointee == expected
    }
}
