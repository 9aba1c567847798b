import GRDB

// MARK: - SpaceNeed

/// The free disk space a plan needs on the volume holding the database, bounded before it runs
/// from what SQLite keeps of the file, without reading a table: its pages (`PRAGMA page_count`),
/// its free pages (`PRAGMA freelist_count`) and their size (`PRAGMA page_size`).
///
/// The steps counted are those that write pages in proportion to the rows already there: a
/// table copied (a rebuild, with its indexes, or a virtual table created again, with its shadow
/// tables), an index built on a table that exists, the indexes of a table reindexed. A table the
/// plan counted no rows in is left out. Each of them writes no more than the file's pages in use
/// (`page_count` less `freelist_count`, times `page_size`), and the work on distinct tables
/// together no more than that once: the copies count one file's worth (or more when a table is
/// copied more than once), and so do the indexes built (an index counts as big as its table).
///
/// From the copy's bytes `C` (of which `D` are the tables and indexes a rebuild drops) and the
/// bytes of the file's free pages `F`:
///
/// - the file grows by `C - F` at most: SQLite fills its free pages first;
/// - a rollback journal saves each page it overwrites, the free pages it fills among them:
///   `min(C, F)`; in WAL mode every page written goes to the `-wal` file first, and the
///   checkpoint then writes it into the database, which the WAL does not shrink for: `C`;
/// - with `PRAGMA secure_delete` on (the default of some builds, Debian's among them), the pages of the dropped tables are
///   overwritten with zeros, which the journal or the WAL holds too: `D`.
///
/// What the upgrades add between the expand and the contract steps, and the temporary files
/// where SQLite sorts an index's rows (in its temporary directory), are not counted.
///
/// ```swift
/// let need = try SpaceNeed(plan: plan, in: db)
/// need.bytes    // 2_413_568
/// need.tables   // ["events"]: the tables that need it, in the order of the plan
/// ```
struct SpaceNeed {
    /// The bytes the plan needs on the volume; 0 when it copies and indexes nothing.
    var bytes: Int64 = 0
    /// The tables whose copies and indexes need the space, as the plan names them, in its order.
    var tables: [String] = []

    /// Bounds what `plan` needs, from the database as it is before the plan runs: its catalog
    /// and five pragmas, whatever the size of its tables.
    init(plan: Plan, in db: Database) throws {
        let work = Work.all(in: plan).filter { $0.rows != 0 }
        guard !work.isEmpty else { return }
        let catalog = try Catalog(db)
        let existing = work.filter { catalog.entry(named: $0.liveTable, type: .table) != nil }
        guard !existing.isEmpty else { return }
        let usage = try PageUsage(db)
        tables = Self.names(of: existing)
        bytes = Self.need(for: existing, usage: usage)
    }

    // MARK: The bound

    /// The growth of the file, the journal or WAL, and the zeroed pages, for this work.
    private static func need(for work: [Work], usage: PageUsage) -> Int64 {
        let copied = bound(work.filter(\.replaces), used: usage.usedBytes)
        let total = copied + bound(work.filter { !$0.replaces }, used: usage.usedBytes)
        let growth = max(total - usage.freeBytes, 0)
        let journal = usage.isWAL ? total : usage.keepsRollbackJournal ? min(total, usage.freeBytes) : 0
        let zeroed = usage.overwritesFreedPages && (usage.isWAL || usage.keepsRollbackJournal) ? copied : 0
        return growth + journal + zeroed
    }

    /// The pages these pieces of work write, at most: each no more than the file's pages in use,
    /// and those on distinct tables together no more than that once, as they are parts of the
    /// file; so the most pieces on one table, times the pages in use.
    private static func bound(_ work: [Work], used: Int64) -> Int64 {
        let perTable = Dictionary(grouping: work, by: \.liveTable.sqlName).values.map(\.count).max() ?? 0
        return Int64(perTable) * used
    }

    /// The tables of the work, once each, in the order of the plan.
    private static func names(of work: [Work]) -> [String] {
        var seen = Set<SQLName>()
        return work.filter { seen.insert($0.table.sqlName).inserted }.map(\.table)
    }
}

// MARK: - Work

extension SpaceNeed {
    /// One step's work that writes pages in proportion to the rows already there.
    struct Work {
        /// What the step does with the rows.
        enum Kind {
            /// A table copied, with its indexes.
            case copy
            /// A virtual table created again and its rows copied: its shadow tables.
            case virtualCopy
            /// An index built over a table's rows.
            case index
            /// A table's indexes built again.
            case reindex
        }

        /// The table, as the plan names it.
        var table: String
        /// Its name before the plan runs (before the plan's renames).
        var liveTable: String
        /// What is done to it.
        var kind: Kind
        /// The rows of the table, when the plan counted them.
        var rows: Int?

        /// Whether the work drops what it copies (the old table, the old indexes).
        var replaces: Bool { kind != .index }

        /// The work of `plan`'s steps, in order.
        static func all(in plan: Plan) -> [Work] {
            var liveNames: [SQLName: String] = [:]
            var work: [Work] = []
            for step in plan.steps {
                if case .renameTable(let from, let to) = step.action {
                    liveNames[to.sqlName] = liveNames[from.sqlName] ?? from
                }
                guard let table = step.table, let kind = kind(of: step) else { continue }
                work.append(Work(table: table, liveTable: liveNames[table.sqlName] ?? table, kind: kind, rows: step.rows))
            }
            return work
        }

        /// What a step does with the rows already there; nil when it writes no page per row.
        private static func kind(of step: Step) -> Kind? {
            switch step.action {
            case .rebuildVirtualTable: .virtualCopy
            case .createIndex: .index
            case .reindexTable: .reindex
            default: step.method == .rebuild ? .copy : nil
            }
        }
    }
}
