/// Calls `body` with every element of `items`, for sweeps over small parameter spaces.
package func withEvery<S: Sequence>(
    _ label: String, in items: S, _ body: (S.Element) throws -> Void
) rethrows {
    for item in items { try body(item) }
}

/// A seed per test case that stays the same from run to run: a hash of the case's name, so adding a case does not
/// change the others' seeds.
package func stableSeed(_ name: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
    for byte in name.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
    return hash
}
