// reconcile-benchmark: every figure of the README's Benchmark table, each as a ratio to a floor
// measured in the same run.
//
//     swift run -c release reconcile-benchmark [FIGURE …] [--tables N] [--rows N] [--files N]
//
// FIGURE is one of: launch, cold, load, plan, add-columns, not-null, rebuild, many (default: all), or big,
// which runs only when named (it builds a 1 GB database once, and keeps it in the build folder). Each
// line says the reconciler's time, the floor's, their ratio and the goal:
//
//     no-op launch sync, 50 tables: 1.02 ms vs GRDB open + SELECT 1 0.98 ms = 1.04× (goal ≤ 1.10×: met)

import Foundation
import GRDB

var figures = Figures()
var selected: [String] = []
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--tables": figures.tables = Int(arguments.popFirst() ?? "") ?? figures.tables
    case "--rows": figures.rows = Int((arguments.popFirst() ?? "").replacingOccurrences(of: "_", with: "")) ?? figures.rows
    case "--files": figures.files = Int((arguments.popFirst() ?? "").replacingOccurrences(of: "_", with: "")) ?? figures.files
    default: selected.append(argument)
    }
}
let all = ["launch", "cold", "load", "plan", "add-columns", "not-null", "rebuild", "many"]
/// The figures run only when named.
let onlyWhenNamed = ["big"]
if selected.isEmpty { selected = all }

let sqliteVersion = ((try? DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }) ?? nil) ?? "?"
print("SQLite \(sqliteVersion), \(ProcessInfo.processInfo.activeProcessorCount) cores")
/// Prints `figure` at a tenth of `tables` and at all of them, and how its time grew.
func printScaling(up tables: Int, _ figure: (Int) throws -> Figure) throws {
    let small = try figure(tables / 10)
    var large = try figure(tables)
    large.extra += (large.extra.isEmpty ? "" : "; ") + String(format: "%d → %d tables: %.1f× the time",
                                                             tables / 10, tables, large.measured / small.measured)
    print(small.line)
    print(large.line)
}

var failed = false
for name in selected {
    do {
        switch name {
        case "launch": print(try figures.noOpLaunch().line)
        case "cold": print(try figures.coldSync().line)
        case "plan": try printScaling(up: figures.tables, figures.plan(tables:))
        case "load": try printScaling(up: figures.tables, figures.load(tables:))
        case "add-columns": print(try figures.addColumns().line)
        case "many":
            print(try figures.manyDatabasesNoOp().line)
            print(try figures.manyDatabasesAddColumn().line)
        case "not-null": print(try figures.notNull().line)
        case "rebuild": print(try figures.affinityChange().line)
        case "big":
            let (about, bigFigures) = try figures.bigDatabase()
            print(about)
            for figure in bigFigures { print(figure.line) }
        default:
            let known = all.joined(separator: ", ") + "; only when named: " + onlyWhenNamed.joined(separator: ", ")
            FileHandle.standardError.write(Data("unknown figure \(name); the figures are: \(known)\n".utf8))
            exit(2)
        }
    } catch {
        FileHandle.standardError.write(Data("\(name): error: \(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
