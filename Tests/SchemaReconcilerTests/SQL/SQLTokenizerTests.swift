import GRDB
import Testing
@testable import SchemaReconciler

@Suite("SQL: the tokenizer reads text as SQLite does")
struct SQLTokenizerTests {
    /// Characters that Swift takes for whitespace but SQLite reads as part of a name.
    @Test(arguments: ["\u{A0}", "\u{2028}", "\u{3000}", "\u{85}"])
    func aNonASCIISpaceIsPartOfAName(space: String) throws {
        let name = "a\(space)b"
        let tokens = SQLTokenizer.tokens(in: "CREATE TABLE t (\(name) INTEGER)")
        #expect(tokens.map(\.text) == ["CREATE", "TABLE", "t", "(", name, "INTEGER", ")"])

        // SQLite agrees: the column has that one name.
        let columns = try DatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE t (\(name) INTEGER)")
            return try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('t')")
        }
        #expect(columns == [name])
        #expect(try CreateTableStatement(sql: "CREATE TABLE t (\(name) INTEGER)").columns.map(\.name) == [name])
    }

    @Test func aQuoteFollowedByACombiningMarkStillClosesTheName() {
        // "\"\u{301}" is one Swift Character, but two separate things to SQLite.
        let tokens = SQLTokenizer.tokens(in: "\"x\"\u{301} + 1")
        #expect(tokens.first?.kind == .quotedIdentifier)
        #expect(tokens.first?.identifier == "x")
        #expect(tokens.dropFirst().first?.text == "\u{301}")
    }

    @Test func aLineCommentEndsAtTheLineFeedOfACRLF() {
        let tokens = SQLTokenizer.tokens(in: "a -- note\r\n+ b", keepingComments: true)
        #expect(tokens.map(\.kind) == [.word, .comment, .symbol, .word])
        #expect(tokens[1].text == "-- note\r")
    }

    @Test func rangesAreUTF8Offsets() {
        let sql = "SELECT 'é', \"ü x\" FROM t"
        for token in SQLTokenizer.tokens(in: sql) {
            #expect(SQLText.text(in: sql, bytes: token.range) == token.text)
        }
    }

    @Test func operatorsAndLiterals() {
        let tokens = SQLTokenizer.tokens(in: "a->>'$.x' <> x'0F' || 1_000.5e-3 || 0x1F ?1 :v")
        #expect(tokens.map(\.text) == ["a", "->>", "'$.x'", "<>", "x'0F'", "||", "1_000.5e-3", "||", "0x1F", "?1", ":v"])
        #expect(tokens.map(\.kind) == [.word, .symbol, .string, .symbol, .blob, .symbol, .number, .symbol, .number,
                                       .variable, .variable])
    }
}
