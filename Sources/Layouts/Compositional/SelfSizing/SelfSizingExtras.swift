import LayoutModel

/// The state only some self-sizing compositional layouts use, kept out of the engine object: the orthogonal
/// sections' offsets and their pending context (O6), the decorating provider and the section backgrounds (D5), the
/// badging provider and the badge table (B9). A layout makes it the first time it meets one of them (a provider
/// typed to decorate or badge, one that answers it does in a pass, or an orthogonal section) and keeps it; a layout
/// that never does holds `nil` and pays one optional's test where it would read them. The layout-wide items (G7)
/// are already one optional reference (``CompositionalFittedLayoutBoundary``).
///
/// Why: each feature's fields grew the engine object past one more 128-byte allocator size class (stop 56: about
/// 128 bytes; the badges about 100 more), which a plain self-sizing list paid per layout made.
final class SelfSizingExtras {
    // Unchecked as the engines' storage is: a class's stored property pays a dynamic exclusivity check a read.
    @exclusivity(unchecked) var orthogonalOffsets: [Double] = []
    @exclusivity(unchecked) var namedItems: [ElementPath] = []
    @exclusivity(unchecked) var orthogonalContextPending = false
    @exclusivity(unchecked) var pendingOrthogonalWork = 0
    /// The provider as a decorating one, and the section backgrounds it gave at the last reset, and how many.
    @exclusivity(unchecked) var decorating: (any CompositionalDecoratingProvider)?
    @exclusivity(unchecked) var backgrounds = CompositionalBackgrounds()
    @exclusivity(unchecked) var decoratedSections = 0
    /// The provider as a badging one, and the badges it gave at the last reset, and how many elements they are.
    @exclusivity(unchecked) var badging: (any CompositionalBadgingProvider)?
    @exclusivity(unchecked) var badges = CompositionalBadgeTable()
    @exclusivity(unchecked) var badgeElements = 0
    /// The badges the last fit named, the dictionary its context held: emptied in place and filled again by the
    /// next fit, so that a badged resolving frame allocates nothing for it.
    @exclusivity(unchecked) var badgeNames: [ElementKind: [ElementPath]] = [:]

    init(decorating: (any CompositionalDecoratingProvider)?, badging: (any CompositionalBadgingProvider)?) {
        self.decorating = decorating
        self.badging = badging
    }

    /// The extras of a layout of `provider`, made at its init when the provider's type decorates or badges (a
    /// dynamic cast, as before); `nil` otherwise.
    static func of(_ provider: any CompositionalSectionProvider) -> SelfSizingExtras? {
        let decorating = provider as? any CompositionalDecoratingProvider
        let badging = provider as? any CompositionalBadgingProvider
        return decorating == nil && badging == nil ? nil : SelfSizingExtras(decorating: decorating, badging: badging)
    }
}

/// How a layout made of a provider of a known type (the UIKit layer's engine) takes the provider's roles the first
/// pass it decorates or badges, without keeping them as existentials (80 bytes) in the engine: an existential
/// metatype (16 bytes, no allocation), asked at each reset until the roles are taken.
protocol SelfSizingSideRoles {
    /// The provider's roles when `provider` (of this roles' type) decorates or badges in the pass just asked; `nil`
    /// otherwise.
    static func roles(of provider: any CompositionalSectionProvider)
        -> (decorating: (any CompositionalDecoratingProvider)?, badging: (any CompositionalBadgingProvider)?)?
}

/// The roles of a provider typed to decorate.
enum SelfSizingDecoratingRoles<Provider: CompositionalDecoratingProvider>: SelfSizingSideRoles {
    static func roles(of provider: any CompositionalSectionProvider)
        -> (decorating: (any CompositionalDecoratingProvider)?, badging: (any CompositionalBadgingProvider)?)?
    {
        // A cast to the concrete type compares metadata (no conformance lookup).
        guard let typed = provider as? Provider, typed.decoratesSections else { return nil }
        return (typed, nil)
    }
}

/// The roles of a provider typed to decorate and badge.
enum SelfSizingBadgingRoles<Provider: CompositionalDecoratingProvider & CompositionalBadgingProvider>:
    SelfSizingSideRoles
{
    static func roles(of provider: any CompositionalSectionProvider)
        -> (decorating: (any CompositionalDecoratingProvider)?, badging: (any CompositionalBadgingProvider)?)?
    {
        guard let typed = provider as? Provider, typed.decoratesSections || typed.badgesSections else { return nil }
        return (typed, typed)
    }
}

extension SelfSizingExtras {
    /// The last fit's badge names, moved out (so that the dictionary is uniquely held once the host released its
    /// context) and every kind's paths removed in place.
    ///
    /// - Complexity: O(kinds named).
    func takeBadgeNames() -> [ElementKind: [ElementPath]] {
        var names: [ElementKind: [ElementPath]] = [:]
        swap(&names, &badgeNames)
        var index = names.values.startIndex
        while index != names.values.endIndex {
            names.values[index].removeAll(keepingCapacity: true)
            names.values.formIndex(after: &index)
        }
        return names
    }

    /// The extras in `extras`, made (with no provider roles) if there are none: the first write of an orthogonal
    /// section's state, or the roles taken.
    static func made(_ extras: inout SelfSizingExtras?) -> SelfSizingExtras {
        if let extras { return extras }
        let made = SelfSizingExtras(decorating: nil, badging: nil)
        extras = made
        return made
    }

    /// Takes the provider's roles when the pass decorates or badges: whether they were taken (then `sideRoles` is
    /// asked no more). Out of line: a reset without them pays the call alone.
    @inline(never)
    static func takeRoles(_ sideRoles: any SelfSizingSideRoles.Type, of provider: any CompositionalSectionProvider,
                          into extras: inout SelfSizingExtras?) -> Bool {
        guard let roles = sideRoles.roles(of: provider) else { return false }
        let taken = made(&extras)
        taken.decorating = roles.decorating
        taken.badging = roles.badging
        return true
    }
}
