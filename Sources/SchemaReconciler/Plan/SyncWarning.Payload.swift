// MARK: - SyncWarning.Payload

extension SyncWarning {
    /// The fields of one kind of warning: what it says its ``code`` is, its ``message``, and its
    /// JSON fields, which its own `Codable` conformance writes and reads.
    ///
    /// Each of the library's warnings is a payload type nested in ``SyncWarning``
    /// (``SyncWarning/Undeclared``, ``SyncWarning/OrphanRows``…), declared in one file with its
    /// code and the static function a plan makes it with. A warning is written as JSON once, for
    /// every kind: its `kind` (the code's name) and `message`, and the payload's fields beside
    /// them, by name.
    ///
    /// ```swift
    /// struct SlowVolume: SyncWarning.Payload {
    ///     static let code = SyncWarning.Code(rawValue: "slowVolume")
    ///     var megabytesPerSecond: Int
    ///     var message: String { "the volume writes \(megabytesPerSecond) MB/s: a rebuild will be slow" }
    /// }
    ///
    /// let warning = SyncWarning(SlowVolume(megabytesPerSecond: 4))
    /// // {"kind": "slowVolume", "megabytesPerSecond": 4, "message": "the volume writes 4 MB/s: …"}
    /// ```
    public protocol Payload: Codable, Sendable, Hashable {
        /// The code of the warnings with this payload.
        static var code: SyncWarning.Code { get }

        /// What the user should know, in words: ``SyncWarning/message``.
        var message: String { get }
    }
}
