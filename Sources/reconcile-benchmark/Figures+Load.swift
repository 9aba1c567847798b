import Foundation
import SchemaReconciler
import Yams

// MARK: - Loading schema.yaml

extension Figures {
    /// Loading and checking schema.yaml of `count` tables (bounds, keys, references, SQLite's
    /// own check of every declared object), against Yams parsing the same file into Swift values.
    func load(tables count: Int) throws -> Figure {
        let fixture = try Fixture()
        let yaml = Fixture.tables(count)
        try fixture.writeSchema(yaml)
        let runs = count >= 1000 ? 7 : 21
        let (measured, floor) = try Stopwatch.medians(runs: runs, setup: {}, measured: {
            _ = try SchemaFile(contentsOf: fixture.schemaURL)
        }, floor: {
            _ = try Yams.load(yaml: String(contentsOf: fixture.schemaURL, encoding: .utf8))
        })
        return Figure(name: "loading schema.yaml, \(count) tables", measured: measured,
                      floorName: "Yams parse", floor: floor, goal: 1.5)
    }
}
