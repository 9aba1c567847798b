import Foundation
import SnapshotTesting
import Testing

// MARK: - Text snapshots

/// Compares `text`, an output of the command, with its file under `__Snapshots__`, beside the
/// test's file: `__Snapshots__/<test file>/<test>.<name>.<format>`. The file holds the text as it
/// is, in the extension of its format (`md`, `mmd`, `dot`, `swift`, `json`, `sql`, `txt`), so that
/// a change of the output reads, in a pull request, as the diff of a Markdown, Mermaid or Swift
/// file. A difference fails the test with the lines that differ.
///
/// A snapshot that is missing fails the test, whatever the mode:
/// - by default, it is written, and the next run compares with it (read it before committing it);
/// - where `CI` is set (CI sets it), nothing is written;
/// - `SNAPSHOT_TESTING_RECORD=all swift test --filter …` writes every snapshot again, after a
///   change of the output that is meant (each test then fails once, saying what it wrote);
///   `failed` writes only those that differ, `never` writes nothing.
///
/// ```swift
/// assertTextSnapshot(of: result.output, as: "md", named: "dryRun")
/// ```
func assertTextSnapshot(
    of text: String,
    as format: String,
    named name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    assertSnapshot(of: text, as: .text(format), named: name, record: TextSnapshot.record,
                   fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// Compares the command's JSON, one object on one line, with its file under `__Snapshots__`,
/// written there indented, its keys sorted, so that a change reads as the lines of the keys that
/// changed. The text must be one JSON object on one line, as docs/command-line.md promises.
///
/// ```swift
/// assertJSONSnapshot(of: result.output, named: "plan")
/// ```
func assertJSONSnapshot(
    of text: String,
    named name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    #expect(text.hasSuffix("}\n") && !text.dropLast().contains("\n"), "not one JSON object on one line: \(text)",
            sourceLocation: location)
    let indented: String
    do {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        indented = String(decoding: data, as: UTF8.self) + "\n"
    } catch {
        Issue.record("not JSON: \(error)\n\(text)", sourceLocation: location)
        return
    }
    assertTextSnapshot(of: indented, as: "json", named: name, fileID: fileID, filePath: filePath, testName: testName,
                       line: line, column: column)
}

// MARK: - TextSnapshot

/// How the snapshots are recorded: as `SNAPSHOT_TESTING_RECORD` says when it is set; under CI,
/// never (a missing snapshot fails and nothing is written into the checkout, so that no second
/// run passes on a file the first one wrote); elsewhere, the library's default, `missing`
/// (a missing snapshot is written, and the test fails all the same).
enum TextSnapshot {
    static let record: SnapshotTestingConfiguration.Record? = {
        let environment = ProcessInfo.processInfo.environment
        if let mode = environment["SNAPSHOT_TESTING_RECORD"], !mode.isEmpty {
            return SnapshotTestingConfiguration.Record(rawValue: mode)
        }
        if let ci = environment["CI"], !ci.isEmpty, ci != "false", ci != "0" { return .never }
        return nil
    }()
}

extension Snapshotting where Value == String, Format == String {
    /// Text compared line by line, kept in a file with the extension `pathExtension`.
    static func text(_ pathExtension: String) -> Snapshotting {
        Snapshotting(pathExtension: pathExtension, diffing: .lines)
    }
}
