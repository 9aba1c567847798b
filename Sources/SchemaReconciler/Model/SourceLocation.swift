import Foundation

// MARK: - SourceLocation

/// A place in a file: path, line and column, both counted from 1.
///
/// ```swift
/// let here = SourceLocation(file: "schema.yaml", line: 12, column: 7)
/// print(here) // schema.yaml:12:7
/// ```
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file path as given.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
