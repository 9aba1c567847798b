// MARK: - SyncWarning.WouldBreak

extension SyncWarning.Code {
    /// A view or trigger that the sync would leave broken: ``SyncWarning/WouldBreak``.
    public static let wouldBreak = SyncWarning.Code(rawValue: "wouldBreak")
}

extension SyncWarning {
    /// The payload of a view or trigger that the sync would leave broken; the sync refuses to.
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.WouldBreak.self)?.object.message // "no such column: body"
    /// ```
    public struct WouldBreak: Payload {
        /// ``SyncWarning/Code/wouldBreak``.
        public static let code = Code.wouldBreak

        /// The view or trigger, with SQLite's message.
        public var object: BrokenObject

        /// The payload of `object`.
        public init(object: BrokenObject) {
            self.object = object
        }

        /// `view recent would stop working (…); the sync refuses to leave it broken: …`.
        public var message: String {
            let list = if case .view = object.kind { "drop.views" } else { "drop.triggers" }
            return "\(object.subject) would stop working (\(object.message)); the sync refuses to leave it broken: "
                + "list it under \(list), or change it"
        }
    }

    /// A view or trigger that the sync would leave broken; the sync refuses to.
    ///
    /// ```swift
    /// SyncWarning.wouldBreak(object)
    /// ```
    public static func wouldBreak(_ object: BrokenObject) -> SyncWarning {
        SyncWarning(WouldBreak(object: object))
    }
}
