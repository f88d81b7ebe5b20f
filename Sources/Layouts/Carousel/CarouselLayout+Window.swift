import LayoutModel

extension CarouselLayout {
    /// Brings the cached window up to date with ``position``: when the current item or the direction changed (or the
    /// counts or metrics), each role's rest and destination frames are computed again, an item that stays in the
    /// window keeping its aspect ratio; then every role is interpolated once for the position.
    ///
    /// - Returns: the roles interpolated and the aspect ratios asked.
    /// - Complexity: O(1): at most five roles.
    @discardableResult
    func refreshWindow() -> PreparationWork {
        guard let position else {
            for index in slots.indices { slots[index].item = -1 }
            cachedWindow = nil
            interpolatedPosition = nil
            return .none
        }
        if interpolatedPosition == position && cachedWindow != nil { return .none }
        var work = PreparationWork.none
        let sameWindow = cachedWindow.map { $0.current == position.current && $0.direction == position.direction }
        if sameWindow != true {
            work.sizeQueries = refill(keeping: cachedWindow, for: position)
            cachedWindow = (position.current, position.direction)
        }
        slots.withUnsafeMutableBufferPointer { slots in
            for index in slots.indices where slots[index].item >= 0 {
                slots[index].frame = CarouselMetrics.interpolate(
                    from: slots[index].rest, to: slots[index].destination, progress: position.progress,
                    around: position.center)
                work.recomputedElements += 1
            }
        }
        interpolatedPosition = position
        return work
    }

    /// Computes each role's rest and destination frames for `position`, reusing the aspect ratio and path of an item
    /// that was in the `old` window: the slots shift by the change of the current item, walked in the order that reads
    /// an old slot before it is overwritten.
    ///
    /// - Returns: the aspect ratios asked of the provider.
    private func refill(keeping old: (current: Int, direction: Int)?, for position: CarouselPosition) -> Int {
        let count = Self.roleCount
        let shift = old.map { position.current - $0.current } ?? count
        var asked = 0
        let metrics = metrics, items = items, aspectRatios = aspectRatios
        slots.withUnsafeMutableBufferPointer { slots in
            for step in 0..<count {
                let slot = shift >= 0 ? step : count - 1 - step
                let role = slot - 2
                let item = position.current + role
                guard item >= 0 && item < items.count else {
                    slots[slot].item = -1
                    continue
                }
                let source = slot + shift
                if source >= 0 && source < count && slots[source].item == item {
                    slots[slot].path = slots[source].path
                    slots[slot].aspectRatio = slots[source].aspectRatio
                } else {
                    slots[slot].path = items.path(ofItem: item)
                    slots[slot].aspectRatio = aspectRatios.ratio(ofItem: item)
                    asked += 1
                }
                slots[slot].item = item
                let ratio = slots[slot].aspectRatio
                slots[slot].rest = metrics.restFrame(role: role, aspectRatio: ratio)
                slots[slot].destination = metrics.restFrame(role: role - position.direction, aspectRatio: ratio)
                slots[slot].zIndex = 2 - abs(role)
            }
        }
        return asked
    }
}
