import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - A kind of error added in one file

extension ReconcileError.Code {
    /// An app's own code, numbered from 1000 as the library asks.
    static let quotaExceeded = ReconcileError.Code(rawValue: 1001, name: "quotaExceeded")
    /// An app's own code for an error that carries SQLite's.
    static let exportFailed = ReconcileError.Code(rawValue: 1002, name: "exportFailed")
}

/// The payload of an error this file adds: no other file knows it.
struct QuotaExceeded: ReconcileError.Payload {
    static let code = ReconcileError.Code.quotaExceeded
    var databases: Int
    var limit: Int
    var message: String { "\(databases) databases are more than the plan's \(limit)" }
}

/// A payload that carries SQLite's error, written as the library writes its own.
struct ExportFailed: ReconcileError.Payload {
    static let code = ReconcileError.Code.exportFailed
    @ReconcileError.SQLiteErrorFields var databaseError: DatabaseError
    var message: String { "the export failed: \(databaseError.message ?? "")" }
    var underlyingError: (any Error)? { databaseError }
}

/// An error grows by one file: its code, its payload, thrown, caught, said and written as JSON
/// like the library's own, without a change anywhere else, through the public API alone.
@Suite struct NewErrorKindTests {
    private static func json(_ error: ReconcileError) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(error), as: UTF8.self)
    }

    private func syncAll(_ databases: Int) throws {
        if databases > 10 { throw ReconcileError(QuotaExceeded(databases: databases, limit: 10)) }
    }

    @Test func anErrorOfTheAppsOwnIsThrownCaughtAndSaid() throws {
        var caught: [String] = []
        do {
            try syncAll(12)
        } catch ReconcileError.Code.dataDoesNotFit {
            caught.append("the library's")
        } catch ReconcileError.Code.quotaExceeded {
            caught.append("the app's")
        }
        #expect(caught == ["the app's"])

        let error = try #require(#expect(throws: ReconcileError.self) { try syncAll(12) })
        #expect(error.code == .quotaExceeded && error.code != .dataDoesNotFit)
        #expect(error.payload(as: QuotaExceeded.self)?.databases == 12)
        #expect(error.payload(as: ReconcileError.DataDoesNotFit.self) == nil)
        #expect(error.message == "12 databases are more than the plan's 10")
        #expect(error.localizedDescription == error.message && "\(error)" == error.message)
        #expect(error.errorCode == 1001 && !error.isInvalidInput && !error.isBusy && error.databaseError == nil)
        // An app's switch names the codes it handles; a default takes the rest, new ones included.
        let handled = switch error.code {
        case .dataDoesNotFit: "rows"
        case .quotaExceeded: "quota"
        default: "other"
        }
        #expect(handled == "quota")
    }

    @Test func itIsWrittenAsJSONAsTheLibrarysErrorsAreAndReadBack() throws {
        let error = ReconcileError(QuotaExceeded(databases: 12, limit: 10))
        let written = try Self.json(error)
        #expect(written == #"{"code":1001,"databases":12,"isBusy":false,"isInvalidInput":false,"kind":"quotaExceeded","#
            + #""limit":10,"message":"12 databases are more than the plan's 10"}"#)

        // Read back by a library that does not know its kind: its code, its message and its fields.
        let read = try JSONDecoder().decode(ReconcileError.self, from: Data(written.utf8))
        #expect(read.code == .quotaExceeded && read.code.name == "quotaExceeded")
        #expect(read.message == error.message)
        #expect(try Self.json(read) == written)

        // SQLite's error is written as the library's errors write it, and read back as GRDB's.
        let export = ReconcileError(ExportFailed(databaseError: DatabaseError(resultCode: .SQLITE_BUSY, message: "database is locked",
                                                                               sql: "SELECT 1")))
        #expect(export.isBusy && export.databaseError?.message == "database is locked")
        let exported = try Self.json(export)
        #expect(exported == #"{"code":1002,"databaseError":{"extendedResultCode":5,"message":"database is locked","#
            + #""resultCode":5,"sql":"SELECT 1"},"isBusy":true,"isInvalidInput":false,"kind":"exportFailed","#
            + #""message":"the export failed: database is locked"}"#)
        let readExport = try JSONDecoder().decode(ReconcileError.self, from: Data(exported.utf8))
        #expect(readExport.isBusy && readExport.databaseError?.sql == "SELECT 1")
        #expect(try Self.json(readExport) == exported)
    }
}

// MARK: - A kind of warning added in one file

/// The payload of a warning this file adds.
struct SlowVolume: SyncWarning.Payload {
    static let code = SyncWarning.Code(rawValue: "slowVolume")
    var megabytesPerSecond: Int
    var message: String { "the volume writes \(megabytesPerSecond) MB/s: a rebuild will be slow" }
}

/// A warning grows as an error does: one file, the public API alone.
@Suite struct NewWarningKindTests {
    @Test func aWarningOfTheAppsOwnIsSaidWrittenAndReadBack() throws {
        let warnings = [SyncWarning(SlowVolume(megabytesPerSecond: 4)), .leftoverTable("_reconciler_new_notes")]
        #expect(warnings.map(\.code) == [SyncWarning.Code(rawValue: "slowVolume"), .leftoverTable])
        #expect(warnings[0].message == "the volume writes 4 MB/s: a rebuild will be slow" && "\(warnings[0])" == warnings[0].message)
        #expect(warnings[0].payload(as: SlowVolume.self)?.megabytesPerSecond == 4)
        #expect(warnings[0] == SyncWarning(SlowVolume(megabytesPerSecond: 4)))
        #expect(warnings[0] != SyncWarning(SlowVolume(megabytesPerSecond: 5)) && warnings[0] != warnings[1])

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let written = String(decoding: try encoder.encode(warnings[0]), as: UTF8.self)
        #expect(written == #"{"kind":"slowVolume","megabytesPerSecond":4,"message":"the volume writes 4 MB/s: a rebuild will be slow"}"#)
        let read = try JSONDecoder().decode(SyncWarning.self, from: Data(written.utf8))
        #expect(read.code == warnings[0].code && read.message == warnings[0].message)
        #expect(String(decoding: try encoder.encode(read), as: UTF8.self) == written)
    }
}
