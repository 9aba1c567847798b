import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - The app's own collations, functions and tokenizers

@Suite struct LoadAppSQLTests {
    static let contacts = """
        version: 1.0.0
        tables:
          contacts:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: { type: TEXT, collate: french }
              nick: { type: TEXT, check: "initials(nick) <> ''" }
            indexes:
              contacts_by_initials: [initials(name)]
        views:
          contact_initials: SELECT id, initials(name) AS initials FROM contacts
        triggers:
          contacts_named: CREATE TRIGGER contacts_named AFTER INSERT ON contacts BEGIN SELECT shout(NEW.name); END

        """

    /// What registers the collation and functions `contacts` uses.
    static let preparation: DatabasePreparation = { db in
        db.add(collation: DatabaseCollation("french") { $0.compare($1) })
        db.add(function: DatabaseFunction("initials", argumentCount: 1, pure: true) { _ in "x" })
        db.add(function: DatabaseFunction("shout", argumentCount: 1, pure: true) { _ in "x" })
    }

    /// A loader that stands in for what no connection has.
    static var standingIn: SchemaLoader {
        var loader = SchemaLoader()
        loader.standsInForUnregisteredSQL = true
        return loader
    }

    // MARK: Refused, where it is used

    @Test func aCollationNoConnectionHasIsRefusedAtTheColumnWithHowToRegisterIt() {
        let error = expectError(Self.contacts, at: "name:") {
            .unregistered("french", kind: "collation", in: "column 'name' of table 'contacts'", at: $0)
        }
        #expect(error?.message == "column 'name' of table 'contacts' uses the collation 'french', which is not registered: "
            + "a connection has SQLite's built-in collations (BINARY, NOCASE, RTRIM) and GRDB's "
            + "(swiftLocalizedCaseInsensitiveCompare…); register the app's own in Reconciler.Options.prepareDatabase, "
            + "which prepares every connection the reconciler opens, or pass the same closure to "
            + "SchemaFile(contentsOf:prepareDatabase:)")
    }

    @Test func aFunctionIsRefusedWhereverItIsUsed() {
        let collated = Self.contacts.replacingOccurrences(of: "collate: french", with: "collate: NOCASE")
        expectError(collated, at: "nick:") {
            .unregistered("initials", kind: "function", in: "column 'nick' of table 'contacts'", at: $0)
        }
        let indexed = collated.replacingOccurrences(of: ", check: \"initials(nick) <> ''\"", with: "")
        expectError(indexed, at: "contacts_by_initials:") {
            .unregistered("initials", kind: "function", in: "index 'contacts_by_initials' of table 'contacts'", at: $0)
        }
        let viewed = indexed.replacingOccurrences(of: "[initials(name)]", with: "[name]")
        expectError(viewed, at: "contact_initials:") {
            .unregistered("initials", kind: "function", in: "view 'contact_initials'", at: $0)
        }
        let triggered = viewed.replacingOccurrences(of: "initials(name) AS initials", with: "name")
        expectError(triggered, at: "contacts_named:") {
            .unregistered("shout", kind: "function", in: "trigger 'contacts_named'", at: $0)
        }
    }

    @Test func aTokenizerIsRefusedEvenWhereCollationsAreStoodIn() throws {
        let yaml = "version: 1.0.0\ntables: {}\nvirtual_tables:\n  docs: fts5(body, tokenize = 'stemmer')\n"
        expectError(yaml, at: "docs:") { .unregistered("stemmer", kind: "tokenizer", in: "virtual table 'docs'", at: $0) }
        // The message names the tokenizers a connection has.
        #expect(UnregisteredSQL(kind: .tokenizer, name: "stemmer").builtIns
            == "SQLite's built-in tokenizers (unicode61, ascii, porter, trigram)")
        #expect(throws: SchemaError.self) { try Self.standingIn.load(yaml: yaml, url: inMemoryURL) }
    }

    // MARK: Registered

    @Test func whatThePreparationRegistersLoads() throws {
        let file = try SchemaLoader(prepareDatabase: Self.preparation).load(yaml: Self.contacts, url: inMemoryURL)
        #expect(file.standIns.isEmpty)
        #expect(file.schema.table(named: "contacts")?.column(named: "name")?.collation == "french")
    }

    @Test func grdbsOwnCollationsAndFunctionsNeedNoRegistering() throws {
        let yaml = Self.contacts
            .replacingOccurrences(of: "collate: french", with: "collate: \(DatabaseCollation.localizedCaseInsensitiveCompare.name)")
            .replacingOccurrences(of: "initials(", with: "swiftLowercaseString(")
            .replacingOccurrences(of: "shout(", with: "swiftUppercaseString(")
        #expect(try loadSchema(yaml).standIns.isEmpty)
    }

    @Test func aPreparationThatThrowsIsReportedWithoutALocation() throws {
        struct Refusal: Error {}
        let preparation: DatabasePreparation = { _ in throw Refusal() }
        // The reason is what a connection that preparation cannot prepare says.
        let refused = try #require(throws: DatabaseError.self) { try DatabaseQueue.inMemory(preparedBy: preparation) }
        #expect {
            try SchemaLoader(prepareDatabase: preparation).load(yaml: Self.contacts, url: inMemoryURL)
        } throws: { error in
            guard case .preparationFailed(let path, let reason) = error as? SchemaError else { return false }
            return path == "schema.yaml" && reason == refused.message && (error as? SchemaError)?.location == nil
        }
    }

    // MARK: Stood in for

    @Test func standingInLoadsAndListsEachNameOnceWhereItIsFirstUsed() throws {
        let file = try Self.standingIn.load(yaml: Self.contacts, url: inMemoryURL)
        #expect(file.standIns == [
            .unregistered("french", kind: "collation", in: "column 'name' of table 'contacts'",
                          at: position(of: "name:", in: Self.contacts)),
            .unregistered("initials", kind: "function", in: "column 'nick' of table 'contacts'",
                          at: position(of: "nick:", in: Self.contacts)),
            .unregistered("shout", kind: "function", in: "trigger 'contacts_named'",
                          at: position(of: "contacts_named:", in: Self.contacts)),
        ])
    }

    @Test func standingInAfterThePreparationListsOnlyWhatItLacks() throws {
        var loader = Self.standingIn
        loader.prepareDatabase = { db in db.add(collation: DatabaseCollation("french") { $0.compare($1) }) }
        let file = try loader.load(yaml: Self.contacts, url: inMemoryURL)
        #expect(file.standIns.compactMap(UnregisteredSQL.init).map(\.name) == ["initials", "shout"])
    }

    @Test func standingInStillRefusesWhatIsWrongOtherwise() {
        let broken = Self.contacts.replacingOccurrences(of: "SELECT id, initials(name)", with: "SELECT id, initials(nam)")
        #expect {
            try Self.standingIn.load(yaml: broken, url: inMemoryURL)
        } throws: { error in
            guard case .refusedBySQLite(let what, let message, let location) = error as? SchemaError else { return false }
            return what == "view 'contact_initials'" && message == "no such column: nam"
                && location == position(of: "contact_initials:", in: broken)
        }
    }

    // MARK: Messages

    @Test func sqliteMessagesNameWhatTheConnectionLacks() {
        #expect(UnregisteredSQL(message: "no such collation sequence: french") == UnregisteredSQL(kind: .collation, name: "french"))
        #expect(UnregisteredSQL(message: "no such function: initials") == UnregisteredSQL(kind: .function, name: "initials"))
        #expect(UnregisteredSQL(message: "no such tokenizer: stemmer") == UnregisteredSQL(kind: .tokenizer, name: "stemmer"))
        #expect(UnregisteredSQL(message: "unknown tokenizer: stemmer") == UnregisteredSQL(kind: .tokenizer, name: "stemmer"))
        #expect(UnregisteredSQL(message: "no such table: t") == nil)
    }
}
