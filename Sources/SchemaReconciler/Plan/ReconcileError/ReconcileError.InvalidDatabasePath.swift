import Foundation

// MARK: - ReconcileError.InvalidDatabasePath

extension ReconcileError.Code {
    /// The path cannot name a database file: ``ReconcileError/InvalidDatabasePath``.
    public static let invalidDatabasePath = ReconcileError.Code(rawValue: 2, name: "invalidDatabasePath")
}

extension ReconcileError {
    /// The payload of a path that cannot name a database file: the path, and why.
    ///
    /// ```swift
    /// if error.payload(as: ReconcileError.InvalidDatabasePath.self)?.problem == .noLongerExists { skip() }
    /// ```
    public struct InvalidDatabasePath: Payload {
        /// ``ReconcileError/Code/invalidDatabasePath``.
        public static let code = Code.invalidDatabasePath

        /// The path, as given.
        public var path: String
        /// Why it cannot name a database file.
        public var problem: PathProblem

        /// The payload of `path`, refused for `problem`.
        public init(path: String, problem: PathProblem) {
            self.path = path
            self.problem = problem
        }

        /// `cannot use the database data: it is a directory, not a database file`.
        public var message: String {
            let why = switch problem {
            case .notAFilePath: "the database must be given as the path of a file"
            case .isDirectory: "it is a directory, not a database file"
            case .directoryMissing: "the directory \(URL(fileURLWithPath: path).deletingLastPathComponent().path) does not exist"
            case .fileMissing: "there is no such file"
            case .noMatch: "the pattern matches no database file"
            case .noLongerExists:
                "the file no longer exists (removed or renamed after the databases were listed); "
                    + "nothing was created in its place"
            }
            return "cannot use the database \(path): \(why)"
        }
    }

    /// The path cannot name a database file.
    ///
    /// ```swift
    /// throw ReconcileError.invalidDatabasePath(pattern, problem: .noMatch)
    /// ```
    public static func invalidDatabasePath(_ path: String, problem: PathProblem) -> ReconcileError {
        ReconcileError(InvalidDatabasePath(path: path, problem: problem))
    }
}
