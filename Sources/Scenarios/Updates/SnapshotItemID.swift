/// A 128-bit item identifier drawn at random, as a `UUID` is: what DifferenceKit's benchmark and apps diff. A
/// concrete type (not `UUID`, which needs Foundation), so that the diff's generic code is specialised for it.
@frozen
public struct SnapshotItemID: Hashable, Sendable, CustomStringConvertible {
    /// The high 64 bits.
    public var high: UInt64
    /// The low 64 bits.
    public var low: UInt64

    /// Creates an identifier.
    @inlinable
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Draws an identifier from `random`.
    @inlinable
    public init(using random: inout some RandomNumberGenerator) {
        high = random.next()
        low = random.next()
    }

    /// Both halves, as a `UUID` hashes its 16 bytes.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(high)
        hasher.combine(low)
    }

    /// 32 hexadecimal digits.
    public var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }
}
