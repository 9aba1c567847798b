import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Which shadow tables an ignored virtual table takes with it

@Suite struct CatalogIgnoredTests {
    @Test func anIgnoredVirtualTableTakesItsOwnShadowTablesAndNoOtherTables() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE docs USING fts5(body);
                CREATE VIRTUAL TABLE docs_fts USING fts5(title);
                """)
        }
        let catalog = try queue.read { try Catalog($0, ignoring: IgnoredNames(patterns: [NamePattern("docs")])) }
        let ignored = Set(catalog.ignoredEntries.map(\.name))
        let kept = Set(catalog.entries.map(\.name))
        #expect(ignored == ["docs", "docs_data", "docs_idx", "docs_content", "docs_docsize", "docs_config"])
        #expect(kept == ["docs_fts", "docs_fts_data", "docs_fts_idx", "docs_fts_content", "docs_fts_docsize", "docs_fts_config"])
    }
}
