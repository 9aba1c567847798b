import Foundation

// MARK: - MarkdownDetails

/// A collapsed block of SQL in Markdown: a `<details>` element whose `<summary>` says what the
/// statements do, around a fenced ```` ```sql ```` block, as GitHub renders it in a pull request
/// comment or a job summary. The blank line after `<summary>` is what makes GitHub read the
/// fence as Markdown rather than as HTML text.
///
/// ````
/// <details>
/// <summary>1. add column users.nickname (native ALTER)</summary>
///
/// ```sql
/// ALTER TABLE "users" ADD COLUMN "nickname" TEXT;
/// ```
///
/// </details>
/// ````
struct MarkdownDetails {
    /// What the summary line says, as plain text (it is escaped as HTML here).
    let summary: String
    /// The SQL, as it is to be read.
    let sql: String

    init(summary: String, sql: String) {
        self.summary = summary
        self.sql = sql
    }

    var text: String {
        let body = sql.trimmingCharacters(in: .newlines)
        let fence = Self.fence(for: body)
        return ["<details>", "<summary>\(Self.html(summary))</summary>", "", fence + "sql", body, fence, "", "</details>"]
            .joined(separator: "\n")
    }

    // MARK: Escaping

    /// Three backticks, or one more than the longest run of backticks in `text`, so that no line
    /// of the SQL ends the block (a string literal may hold backticks).
    static func fence(for text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }

    /// Text that stays text in HTML and on one line: `&`, `<` and `>` written as entities, line
    /// breaks as spaces.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\r\n", with: " ")
            .replacingOccurrences(of: "\n", with: " ")
    }
}
