#if canImport(Darwin)
import os
#else
import Synchronization
#endif

extension ElementKind {
    /// The one registry of element kind names: each name gets a small id on first registration, the next free one,
    /// and keeps it for the life of the process.
    ///
    /// Ids 0 (the empty name, a cell's), 1 (`"UICollectionElementKindSectionHeader"`) and 2
    /// (`"UICollectionElementKindSectionFooter"`) are fixed, so that ``ElementKind/cell``,
    /// ``ElementKind/sectionHeader`` and ``ElementKind/sectionFooter`` need no lookup. The table is behind a lock:
    /// layouts are built on several threads at once (tests do), and a process meets a handful of names.
    public enum Names {
        /// The id of the empty name (a cell's).
        @inlinable public static var emptyID: UInt32 { 0 }
        /// The id of UIKit's section header kind name.
        @inlinable public static var sectionHeaderID: UInt32 { 1 }
        /// The id of UIKit's section footer kind name.
        @inlinable public static var sectionFooterID: UInt32 { 2 }

        /// UIKit's section header kind name (`UICollectionView.elementKindSectionHeader`).
        public static let sectionHeaderName = "UICollectionElementKindSectionHeader"
        /// UIKit's section footer kind name (`UICollectionView.elementKindSectionFooter`).
        public static let sectionFooterName = "UICollectionElementKindSectionFooter"

        /// The registered names, by id, and the ids, by name.
        private struct Table: Sendable {
            var names: [String] = ["", sectionHeaderName, sectionFooterName]
            var ids: [String: UInt32] = ["": 0, sectionHeaderName: 1, sectionFooterName: 2]
        }

        #if canImport(Darwin)
        private static let table = OSAllocatedUnfairLock(initialState: Table())
        #else
        private static let table = Mutex(Table())
        #endif

        /// The id of `name`, registering it (with the next free id) when it is new. The same name always gets the
        /// same id.
        ///
        /// - Complexity: O(name length), under one lock; the well-known names take no lock.
        public static func register(_ name: String) -> UInt32 {
            switch name {
            case "": return emptyID
            case sectionHeaderName: return sectionHeaderID
            case sectionFooterName: return sectionFooterID
            default: break
            }
            return table.withLock { table in
                if let known = table.ids[name] { return known }
                let id = UInt32(table.names.count)
                precondition(id < 1 << 30, "more than 2^30 element kind names registered")
                table.names.append(name)
                table.ids[name] = id
                return id
            }
        }

        /// The name with id `id`; the well-known names take no lock.
        ///
        /// - Precondition: `id` came from ``register(_:)`` (or is a well-known id).
        public static func name(of id: UInt32) -> String {
            switch id {
            case emptyID: return ""
            case sectionHeaderID: return sectionHeaderName
            case sectionFooterID: return sectionFooterName
            default:
                return table.withLock { table in
                    precondition(Int(id) < table.names.count, "element kind name id \(id) was never registered")
                    return table.names[Int(id)]
                }
            }
        }

        /// The number of names registered so far, the three well-known ones included (for tests).
        package static var count: Int { table.withLock { $0.names.count } }
    }
}
