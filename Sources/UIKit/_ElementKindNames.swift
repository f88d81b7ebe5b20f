import LayoutModel
import Synchronization

/// The bridge between UIKit's element kinds (`String`s) and the harness's (``LayoutModel/ElementKind``, whose names
/// are `StaticString`s so that attributes stay trivially copyable).
///
/// A kind seen for the first time is interned: its UTF-8 bytes are copied once into a buffer that lives as long as
/// the process, and a `StaticString` is made over it. The two flow kinds are literals. A process meets a handful of
/// kinds, so the table stays tiny. The tables are behind a lock (tests build layouts in parallel).
package enum ElementKindNames {
    private struct Tables {
        var interned: [String: StaticString] = [
            UICollectionView.elementKindSectionHeader: "UICollectionElementKindSectionHeader",
            UICollectionView.elementKindSectionFooter: "UICollectionElementKindSectionFooter",
        ]
        var strings: [UInt: String] = [:]
    }

    private static let tables = Mutex(Tables())

    /// The harness kind of a UIKit element.
    package static func kind(category: UICollectionView.ElementCategory, name: String?) -> ElementKind {
        switch category {
        case .cell: return .cell
        case .supplementaryView: return .supplementary(staticName(name ?? ""))
        case .decorationView: return .decoration(staticName(name ?? ""))
        }
    }

    /// The `StaticString` of `name`, interned on first use.
    package static func staticName(_ name: String) -> StaticString {
        tables.withLock { tables in
            if let known = tables.interned[name] { return known }
            let result = makeStaticString(name)
            tables.interned[name] = result
            return result
        }
    }

    /// A `StaticString` over a copy of `name`'s bytes that is never freed.
    private static func makeStaticString(_ name: String) -> StaticString {
        precondition(MemoryLayout<StaticString>.size == MemoryLayout<(UInt, UInt, UInt8)>.size,
                     "StaticString's layout changed; element kinds cannot be interned")
        let bytes = Array(name.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
        buffer.initialize(from: bytes, count: bytes.count)
        buffer[bytes.count] = 0
        // StaticString's stored layout: the start pointer, the UTF-8 count, and flags (bit 1: ASCII; bit 0 clear:
        // a pointer, not a scalar).
        let flags: UInt8 = bytes.allSatisfy { $0 < 0x80 } ? 0b10 : 0
        return unsafeBitCast((UInt(bitPattern: buffer), UInt(bytes.count), flags), to: StaticString.self)
    }

    /// The UIKit kind string of a harness kind; `nil` for a cell.
    package static func string(for kind: ElementKind) -> String? {
        if kind.category == .cell { return nil }
        let key = UInt(bitPattern: kind.name.utf8Start)
        return tables.withLock { tables in
            if let known = tables.strings[key] { return known }
            let text = kind.nameString
            tables.strings[key] = text
            return text
        }
    }
}
