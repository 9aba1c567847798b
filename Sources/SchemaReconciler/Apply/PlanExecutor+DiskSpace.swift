import Foundation
import GRDB

// MARK: - Disk space

extension PlanExecutor {
    /// Refuses, before the plan writes anything, a plan that needs more free disk space than
    /// the volume holding the database has (see ``SpaceNeed`` for the estimate), with
    /// ``ReconcileError/notEnoughDiskSpace(tables:needed:available:path:)``. A new database, a
    /// database without a file, a plan that copies and indexes nothing, and a volume whose free
    /// space cannot be told are let through.
    ///
    /// ```swift
    /// try executor.refuseIfShortOfDiskSpace(in: db)   // at the start of run(in:)
    /// ```
    func refuseIfShortOfDiskSpace(in db: Database) throws {
        guard !prepared.isNewDatabase, let path = db.mainFilePath else { return }
        let need = try SpaceNeed(plan: prepared.plan, in: db)
        guard need.bytes > 0 else { return }
        let probe = planning.availableSpace ?? VolumeSpace.available(forFileAt:)
        guard let available = probe(URL(fileURLWithPath: path)), available < need.bytes else { return }
        throw ReconcileError.notEnoughDiskSpace(tables: need.tables, needed: need.bytes, available: available, path: path)
    }
}
