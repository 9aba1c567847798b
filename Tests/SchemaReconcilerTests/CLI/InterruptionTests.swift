import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Ctrl-C and SIGTERM during a sync

@Suite struct InterruptionTests {
    /// A column whose affinity changes, converting the numbers stored as text: the table is
    /// rebuilt, its million rows copied.
    static let schema = """
        version: 1.0.0
        tables:
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              v: { type: INTEGER }
        """

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalDuringARebuildLeavesTheFileAsItWas(signal: Int32, status: Int32) throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema)
        try space.execute("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, v TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
            INSERT INTO items SELECT i, '' || i FROM n;
            """)
        let before = try space.fileBytes()

        let (process, output, error) = try ReconcileCommand.start([], in: space.url)
        // The progress line of the rebuild: the copy has begun.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("rebuild table items") {
            let chunk = error.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        kill(process.processIdentifier, signal)
        let result = ReconcileCommand.finish(process, output, error)

        #expect(result.status == status)
        #expect(result.error.hasSuffix("interrupted; nothing was changed\n"))
        #expect(try space.fileBytes() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: space.url.path).filter { $0 != "schema.yaml" }
        #expect(leftovers == ["app.sqlite"])
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT type FROM pragma_table_info('items') WHERE name = 'v'") } == "TEXT")
    }
}
