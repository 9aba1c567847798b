// MARK: - ScriptWrites

/// What the upgrade scripts of a plan can change, as SQLite compiled them on the rehearsal copy:
/// the tables a statement inserts into, updates or deletes from (through the triggers it fires
/// included, and through those that the foreign key actions it sets off fire), and the tables
/// whose definition a statement creates, renames, changes or drops.
///
/// SQLite tells which tables a statement writes when it compiles it (its authorizer, which GRDB
/// reports to transaction observers), whether the tables hold rows or not: the rehearsal, whose
/// copy holds none, knows them all the same. The sync checks foreign keys in these tables and in
/// the tables that reference them, rather than in the whole database.
///
/// ```swift
/// var rehearsal = try Rehearsal(scratch: scratch, file: file, allowsDefensiveModeOff: true)
/// _ = try rehearsal.rehearse(&plan, after: 0, drop: drop, facts: facts)
/// rehearsal.scriptWrites?.tables        // ["customers", "audit"]
/// rehearsal.scriptWrites?.removedTables // ["legacy_cache"]
/// ```
struct ScriptWrites: Sendable, Equatable {
    /// The tables the scripts may write rows of, or whose definition they create, rename or
    /// change, by the names they have once the scripts ran, in the order first met.
    var tables: [String] = []
    /// The tables the scripts drop or rename, or write and then drop, by the names they had: the
    /// tables that reference them could be left with rows that reference a missing parent.
    var removedTables: [String] = []
}
