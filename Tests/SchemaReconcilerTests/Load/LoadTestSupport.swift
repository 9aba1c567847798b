import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Helpers for the Load tests

/// The URL that in-memory documents are loaded as; errors name it `schema.yaml`.
let inMemoryURL = URL(fileURLWithPath: "schema.yaml")

/// Loads a document from memory.
func loadSchema(_ yaml: String, url: URL = inMemoryURL) throws -> SchemaFile {
    try SchemaLoader().load(yaml: yaml, url: url)
}

/// The error that loading the document throws; records an issue when it loads.
func loadError(_ yaml: String, url: URL = inMemoryURL,
               sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SchemaError? {
    do {
        _ = try SchemaLoader().load(yaml: yaml, url: url)
        Issue.record("the document loaded, but an error was expected", sourceLocation: sourceLocation)
    } catch let error as SchemaError {
        return error
    } catch {
        Issue.record("unexpected error type: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// A location in the in-memory `schema.yaml`.
func at(_ line: Int, _ column: Int) -> SchemaReconciler.SourceLocation {
    SchemaReconciler.SourceLocation(file: "schema.yaml", line: line, column: column)
}

/// A fresh temporary directory, removed by the caller with `removeItem`.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("schema-load-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` at `path` inside `directory`, creating intermediate directories.
func write(_ text: String, to path: String, in directory: URL) throws {
    let url = directory.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

/// A minimal valid document with `body` appended at the top level.
func document(_ body: String = "", version: String = "1.0.0") -> String {
    """
    version: \(version)
    tables:
      t:
        columns:
          id: { type: INTEGER, primary_key: true }
    \(body)
    """
}

/// The location of the `occurrence`-th appearance of `needle` in `text` (1-based line and
/// column, columns counted in Unicode scalars as YAML does).
func position(of needle: String, occurrence: Int = 1, in text: String) -> SchemaReconciler.SourceLocation {
    var found = 0
    for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var searchStart = line.startIndex
        while let range = line[searchStart...].range(of: needle) {
            found += 1
            if found == occurrence {
                let column = line.unicodeScalars.distance(from: line.startIndex, to: range.lowerBound) + 1
                return at(lineIndex + 1, column)
            }
            searchStart = range.upperBound
        }
    }
    Issue.record("'\(needle)' does not occur \(occurrence) time(s) in the document")
    return at(0, 0)
}

extension SchemaError {
    /// The name of the case, such as `conflict`.
    var caseName: String {
        Mirror(reflecting: self).children.first?.label ?? "\(self)"
    }
}

/// Loads `yaml` and expects a `caseName` error located where `needle` first occurs (or its
/// `occurrence`-th appearance).
@discardableResult
func expectError(_ yaml: String, _ caseName: String, at needle: String, occurrence: Int = 1,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SchemaError? {
    guard let error = loadError(yaml, sourceLocation: sourceLocation) else { return nil }
    #expect(error.caseName == caseName, "\(error)", sourceLocation: sourceLocation)
    #expect(error.location == position(of: needle, occurrence: occurrence, in: yaml), "\(error)",
            sourceLocation: sourceLocation)
    return error
}

/// Loads `yaml` and expects the error that `expected` makes for the place where `needle` first
/// occurs (or its `occurrence`-th appearance).
@discardableResult
func expectError(_ yaml: String, at needle: String, occurrence: Int = 1,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation,
                 _ expected: (SchemaReconciler.SourceLocation) -> SchemaError) -> SchemaError? {
    guard let error = loadError(yaml, sourceLocation: sourceLocation) else { return nil }
    #expect(error == expected(position(of: needle, occurrence: occurrence, in: yaml)), sourceLocation: sourceLocation)
    return error
}
