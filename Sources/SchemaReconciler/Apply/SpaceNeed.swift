import GRDB

// MARK: - SpaceNeed

/// The free disk space a plan needs on the volume holding the database, estimated before it
/// runs from the steps that write pages in proportion to the rows already there: a table copied
/// (a rebuild, with its indexes, or a virtual table created again, with its shadow tables), an
/// index built on a table that exists (as big as the table, which bounds it in most cases), the
/// indexes of a table reindexed.
///
/// The copy's bytes are the pages of those tables and indexes, from SQLite's `dbstat` virtual
/// table. Without `dbstat`, each table counts as the file's pages in use (`page_count` less
/// `freelist_count`, times `page_size`): the copies together are no more than that, and each
/// index built over a table that holds rows counts it again.
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
/// need.tables   // ["events"]: the tables that need it, largest first
/// ```
struct SpaceNeed {
    /// The bytes the plan needs on the volume; 0 when it copies and indexes nothing.
    var bytes: Int64 = 0
    /// The tables whose copies and indexes need the space, as the plan names them, largest first.
    var tables: [String] = []

    /// Estimates what `plan` needs, from the database as it is before the plan runs; with
    /// `measuringObjects` false, as SQLite without `dbstat` lets it.
    init(plan: Plan, in db: Database, measuringObjects: Bool = true) throws {
        let work = Work.all(in: plan)
        guard !work.isEmpty else { return }
        let catalog = try Catalog(db)
        let usage = try PageUsage(db, measuringObjects: measuringObjects)
        var copied: [(work: Work, bytes: Int64)] = []
        for item in work {
            copied.append((item, try bytes(of: item, catalog: catalog, usage: usage, db: db)))
        }
        tables = Self.largestFirst(copied)
        if !usage.measuresObjects {
            Self.capCopies(&copied, at: usage.usedBytes)
        }
        bytes = Self.need(copied: copied, usage: usage)
    }

    // MARK: The estimate

    /// The growth of the file, the journal or WAL, and the zeroed pages, for these copies.
    private static func need(copied: [(work: Work, bytes: Int64)], usage: PageUsage) -> Int64 {
        let total = copied.reduce(0) { $0 + $1.bytes }
        let dropped = copied.filter(\.work.replaces).reduce(0) { $0 + $1.bytes }
        let growth = max(total - usage.freeBytes, 0)
        let journal = usage.isWAL ? total : usage.keepsRollbackJournal ? min(total, usage.freeBytes) : 0
        let zeroed = usage.overwritesFreedPages && (usage.isWAL || usage.keepsRollbackJournal) ? dropped : 0
        return growth + journal + zeroed
    }

    /// Without `dbstat`, every table counts as the whole file: the copies of distinct tables
    /// together are no more than it, so they share one file's worth.
    private static func capCopies(_ copied: inout [(work: Work, bytes: Int64)], at used: Int64) {
        var left = used
        for index in copied.indices where copied[index].work.replaces {
            copied[index].bytes = min(copied[index].bytes, left)
            left -= copied[index].bytes
        }
    }

    /// The tables, by their bytes, largest first; those that need none left out.
    private static func largestFirst(_ copied: [(work: Work, bytes: Int64)]) -> [String] {
        var totals: [SQLName: (name: String, bytes: Int64, order: Int)] = [:]
        for (order, item) in copied.enumerated() where item.bytes > 0 {
            let previous = totals[item.work.table.sqlName]
            totals[item.work.table.sqlName] = (item.work.table, (previous?.bytes ?? 0) + item.bytes, previous?.order ?? order)
        }
        return totals.values.sorted { ($0.bytes, -$0.order) > ($1.bytes, -$1.order) }.map(\.name)
    }

    // MARK: Measuring

    /// The bytes one piece of work writes: its b-trees' pages, or without `dbstat` the file's
    /// pages in use when the table holds rows.
    private func bytes(of work: Work, catalog: Catalog, usage: PageUsage, db: Database) throws -> Int64 {
        guard catalog.entry(named: work.liveTable, type: .table) != nil else { return 0 }
        if let bytes = try usage.bytes(of: work.btrees(in: catalog)) { return bytes }
        if work.kind != .virtualCopy, try !Self.holdsRows(work.liveTable, db: db) { return 0 }
        return usage.usedBytes
    }

    /// Whether the table holds a row.
    private static func holdsRows(_ table: String, db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(SQLText.quote(table)))") ?? true
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
                work.append(Work(table: table, liveTable: liveNames[table.sqlName] ?? table, kind: kind))
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

        /// The tables and indexes whose pages the work writes again, as they are named now.
        func btrees(in catalog: Catalog) -> [String] {
            let indexes = catalog.entries.filter { $0.type == .index && SQLName.same($0.tableName, liveTable) }.map(\.name)
            switch kind {
            case .copy: return [liveTable] + indexes
            case .index: return [liveTable]
            case .reindex: return indexes
            case .virtualCopy:
                let prefix = liveTable.sqlName.description + "_"
                return catalog.entries.filter { $0.type == .table && catalog.isShadow($0) && $0.name.sqlName.description.hasPrefix(prefix) }
                    .map(\.name)
            }
        }
    }
}
