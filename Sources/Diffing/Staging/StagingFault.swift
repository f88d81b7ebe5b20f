/// A staging rule broken on purpose, for the tests that show the checks catch it (a test hook: `package`).
package enum StagingFault: String, Sendable, Hashable, CaseIterable {
    /// Reloads of moved items go into the main batch with their moves (UIKit refuses the batch).
    case movedReloadsInMainBatch
    /// Inserts are numbered as if the deletes had not happened (the items land in the wrong places).
    case insertsShiftedByDeletes
}
