import LayoutModel

/// The attributes objects an engine-backed layout (``UICollectionViewFlowLayout``,
/// ``UICollectionViewCompositionalLayout``) answers, kept from query to query as UIKit's layouts keep their solution's
/// objects (Guides/UIKitCompositional.md, "Attributes objects kept across frames"):
///
/// - an element answered again answers the same object, its values written afresh at every answer (so a subclass
///   that changed `super`'s object without copying it, which UIKit's flow layout logs as a "cached frame mismatch",
///   gets the layout's values back, as on iOS; what it set on its own subclass's properties stays);
/// - within one *generation* (from one host query of the layout to the next, every `super` call a subclass makes in
///   between included) an object serves one element only; at the start of a generation, the objects of elements not
///   answered in the last one are retired: an object of the base class goes to a pool that serves the next element
///   that enters (written whole, nothing of the old element left), an object of a custom `layoutAttributesClass` is
///   dropped, since its own properties cannot be reset (a new element gets a new object of that class, as on iOS);
/// - the answer array is one stored array, written over in place and cut to the answer's length: it is reused
///   without allocating when the caller has dropped the last answer (the host does), and copied on write when it has
///   not.
///
/// At most ``capacity`` elements are kept in a generation; beyond them (a verifier's sweep of the content between two
/// host queries) an element gets a new object, as before this cache, so that memory stays bounded.
package final class EngineAttributesCache {
    package init() {}

    /// The most elements kept in a generation.
    static let capacity = 4096
    /// The most base-class objects kept for elements to come.
    static let poolCapacity = 1024

    /// Everything the cache holds, in one value: a query takes it out of the class (``take()``), works on a local
    /// copy that it alone references, and puts it back (``put(_:)``): two accesses to the class a query, rather than
    /// a dynamic exclusivity check at every read of a stored property (measured: about 8,000 instructions a frame of
    /// 14 elements).
    struct Storage {
        /// One kept object and the element it serves.
        struct Entry {
            var kind: ElementKind
            var path: ElementPath
            var object: UICollectionViewLayoutAttributes
            /// The last generation that answered it.
            var generation: Int
        }

        var entries: [Entry] = []
        /// Open addressing over `entries` (linear probing, -1 free), at most half full.
        var slots: [Int32] = []
        var mask = 0
        var pool: [UICollectionViewLayoutAttributes] = []
        var generation = 0
        /// The answer array handed out, emptied and refilled by the next query.
        var answer: [UICollectionViewLayoutAttributes] = []

        /// The slot of the hash table for an element.
        @inline(__always)
        func home(_ kind: ElementKind, _ path: ElementPath) -> Int {
            var h = UInt64(bitPattern: Int64(path.section)) &* 0x9E37_79B9_7F4A_7C15
            h ^= UInt64(bitPattern: Int64(path.item)) &+ (UInt64(kind.id) &<< 40)
            h = (h ^ (h &>> 29)) &* 0xBF58_476D_1CE4_E5B9
            return Int(truncatingIfNeeded: h ^ (h &>> 32)) & mask
        }

        /// See ``EngineAttributesCache/beginGeneration()``.
        mutating func beginGeneration() {
            generation &+= 1
            let keep = generation &- 1
            var write = 0
            let count = entries.count
            var read = 0
            while read < count {
                if entries[read].generation >= keep {
                    if write != read { entries.swapAt(write, read) }
                    write += 1
                } else if pool.count < EngineAttributesCache.poolCapacity
                    && type(of: entries[read].object) == UICollectionViewLayoutAttributes.self
                {
                    pool.append(entries[read].object)
                }
                read += 1
            }
            guard write < count else { return }
            entries.removeSubrange(write...)
            rehash()
        }

        /// Rebuilds the hash table over `entries`, growing it to keep it at most half full.
        mutating func rehash() {
            var size = Swift.max(64, slots.count)
            while size < entries.count * 2 { size *= 2 }
            if size != slots.count {
                slots = [Int32](repeating: -1, count: size)
            } else {
                slots.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
            }
            mask = size - 1
            for index in entries.indices {
                var slot = home(entries[index].kind, entries[index].path)
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(index)
            }
        }

        /// See ``EngineAttributesCache``: the object for the element of `kind` at `path`, of `type`.
        @inline(__always)
        mutating func object(kind: ElementKind, path: ElementPath, type: UICollectionViewLayoutAttributes.Type)
            -> (object: UICollectionViewLayoutAttributes, kept: Bool)
        {
            if slots.isEmpty { rehash() }
            var slot = home(kind, path)
            while true {
                let index = Int(slots[slot])
                if index < 0 { break }
                if entries[index].kind.id == kind.id && entries[index].path == path {
                    entries[index].generation = generation
                    if Swift.type(of: entries[index].object) == type { return (entries[index].object, true) }
                    // The layout's class changed its `layoutAttributesClass`: a new object of the new class.
                    let made = type.init()
                    entries[index].object = made
                    return (made, false)
                }
                slot = (slot + 1) & mask
            }
            let made: UICollectionViewLayoutAttributes
            if type == UICollectionViewLayoutAttributes.self, let pooled = pool.popLast() {
                made = pooled
            } else {
                made = type.init()
            }
            guard entries.count < EngineAttributesCache.capacity else { return (made, false) }
            entries.append(Entry(kind: kind, path: path, object: made, generation: generation))
            if entries.count * 2 > slots.count {
                rehash()
            } else {
                slots[slot] = Int32(entries.count - 1)
            }
            return (made, false)
        }
    }

    /// Not checked for exclusivity: reached only through the layout's own query path (``take()``, ``put(_:)``,
    /// ``beginGeneration()``), on one thread, and no attributes object or app code can reach the cache while an access
    /// is open (two checks a query, about 76 instructions each; issue 38o).
    @exclusivity(unchecked) private var storage = Storage()

    /// Takes the storage out for a query (the class keeps an empty one until ``put(_:)``).
    @inline(__always)
    func take() -> Storage {
        var taken = Storage()
        swap(&taken, &storage)
        return taken
    }

    /// Puts back the storage a query took.
    @inline(__always)
    func put(_ taken: consuming Storage) { storage = taken }

    /// Starts a generation: the host is about to query the layout. The objects of elements the last generation did
    /// not answer are retired (to the pool, or dropped).
    ///
    /// - Complexity: O(kept elements).
    package func beginGeneration() { storage.beginGeneration() }

    /// How many elements have an object kept (for tests).
    package var keptCount: Int { storage.entries.count }
}
