extension CollectionViewHost {
    /// ``layoutIfNeeded()`` with its phases recorded: ``FramePhase/prepare`` (when anything was invalidated),
    /// ``FramePhase/query``, ``FramePhase/diff`` and, with ``itemFitting`` set, ``FramePhase/selfSizing``. It does
    /// exactly what ``layoutIfNeeded()`` does and answers the same report (`TimelinePassTests` checks it frame by frame
    /// for every family); the timeline pass runs it, never a measured pass.
    ///
    /// It is a copy of ``layoutIfNeeded()`` with the recorder's calls between the steps, so that the plain pass,
    /// which every measured frame runs and the gate counts the instructions of, is not touched.
    ///
    /// - Complexity: ``layoutIfNeeded()``'s, plus two calls to `recorder` a phase.
    @discardableResult
    public func layoutIfNeeded<Recorder: FramePhaseRecording>(recording recorder: Recorder) -> FrameReport {
        var report = FrameReport(invalidated: invalidatedSinceLastPass)
        report.layoutSwitched = switchedSinceLastPass
        switchedSinceLastPass = false
        if needsPrepare {
            recorder.begin(.prepare)
            prepareIfNeeded()
            recorder.end(.prepare)
        }
        report.recomputedElements = preparedWork.recomputedElements
        report.sizeQueries = preparedWork.sizeQueries
        preparedWork = PreparationWork()
        invalidatedSinceLastPass = false
        recorder.begin(.query)
        layout.attributesForElements(in: state.bounds, into: &visibleAttributes)
        recorder.end(.query)
        recorder.begin(.diff)
        let (appeared, disappeared) = visibleDiff.update(with: visibleAttributes)
        recorder.end(.diff)
        report.visibleCount = visibleAttributes.count
        report.appeared = appeared
        report.disappeared = disappeared
        if let itemFitting {
            recorder.begin(.selfSizing)
            sizingReport = resolveSizes(with: itemFitting, into: &report)
            recorder.end(.selfSizing)
        }
        return report
    }

    /// ``performBatchUpdates(_:newCounts:)`` with its phases recorded: ``FramePhase/batchPlan``,
    /// ``FramePhase/invalidation`` (the visible set carried through the batch, the new counts and the layout's
    /// context), ``FramePhase/prepare``, ``FramePhase/batchUpdate``, ``FramePhase/anchoring``, the layout pass's
    /// ``FramePhase/query`` and ``FramePhase/diff`` (and a ``FramePhase/prepare`` if the new offset invalidated), and
    /// ``FramePhase/finalize``. The same update and the same report as the plain call, which is this one specialised
    /// for ``NoFramePhases``.
    ///
    /// - Throws: ``BatchUpdateError`` when the batch is inconsistent; nothing changed then.
    @discardableResult
    public func performBatchUpdates<Recorder: FramePhaseRecording>(
        _ batch: BatchUpdate, newCounts: ItemCounts, recording recorder: Recorder
    ) throws(BatchUpdateError) -> BatchUpdateReport {
        try phasedBatchUpdates(batch, newCounts: newCounts, recorder)
    }
}
