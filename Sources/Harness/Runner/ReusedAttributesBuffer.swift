import LayoutModel
import Scenarios

/// The attributes buffer a measured query fills, reused from query to query, held behind a pointer.
///
/// An array stored in a class, or a local captured by an escaping closure, is checked for exclusive access each time
/// it is passed `inout`: a call into the runtime (`swift_beginAccess`, `swift_endAccess`) of about 100 instructions,
/// which a viewport query would pay as part of its own cost (about a tenth of a per-cell binary search's). Through
/// `pointer.pointee` the access is static, as a local's is, and costs nothing.
final class ReusedAttributesBuffer {
    /// The buffer: pass `&pointer.pointee` to the query.
    let pointer: UnsafeMutablePointer<[LayoutAttributes]>

    /// An empty buffer with room for `capacity` attributes.
    init(reservingCapacity capacity: Int) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: [])
        pointer.pointee.reserveCapacity(capacity)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
