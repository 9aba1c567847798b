import Foundation
import Testing
@testable import SchemaReconciler

/// What an older SQLite than the one the tests run on cannot create is refused at load, with
/// the SQLite it needs, at the object's line.
@Suite struct LoadSQLiteVersionTests {
    static let yaml = """
        version: 1.0.0
        tables:
          events:
            strict: true
            columns:
              id:    { type: INTEGER, primary_key: true }
              body:  TEXT
              size:  { type: INTEGER, generated: "length(body)" }
        """

    @Test func aStrictTableNeedsSQLite337() throws {
        let file = try loadSchema(Self.yaml)
        let check = SQLiteFeatureCheck(schema: file.schema, locations: file.locations, version: 3_036_000)
        #expect {
            try check.run()
        } throws: { error in
            guard case SchemaError.needsNewerSQLite(let what, let feature, let minimum, let running, let location) = error else {
                return false
            }
            return what == "table 'events'" && feature == "STRICT" && minimum == "3.37.0" && running == "3.36.0"
                && location.line == 3
        }
    }

    @Test func aGeneratedColumnNeedsSQLite331() throws {
        let file = try loadSchema(Self.yaml.replacingOccurrences(of: "    strict: true\n", with: ""))
        #expect(throws: Never.self) { try SQLiteFeatureCheck(schema: file.schema, locations: file.locations, version: 3_031_000).run() }
        let error = #expect(throws: SchemaError.self) {
            try SQLiteFeatureCheck(schema: file.schema, locations: file.locations, version: 3_030_001).run()
        }
        #expect(error?.location?.line == 7)
        #expect(error?.message == "column 'size' of table 'events' is a generated column, which needs SQLite 3.31.0 or later; "
            + "this SQLite is 3.30.1: raise the app's minimum OS version to one that ships it, or declare the object without it")
    }
}
