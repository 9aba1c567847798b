import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - YAML syntax errors

@Suite struct LoadSyntaxErrorTests {
    @Test func unclosedFlowSequenceIsLocated() throws {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns: { a: TEXT }
                primary_key: [a
            """
        let error = try #require(loadError(yaml))
        guard case .syntax(let problem, let location) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(location.file == "schema.yaml")
        #expect(location.line >= 5)
        #expect(error.description == "\(location): error: invalid YAML: \(problem)")
    }

    @Test func tabIndentationIsLocated() throws {
        let yaml = "version: 1.0.0\ntables:\n\tt: { columns: { a: TEXT } }\n"
        let error = try #require(loadError(yaml))
        guard case .syntax(let problem, at(3, 1)) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        // The problem is the YAML parser's, then what to do about it.
        #expect(problem.hasSuffix(" (YAML does not allow tabs for indentation; use spaces)"))
    }

    @Test func secondDocumentIsRejected() throws {
        let error = try #require(loadError("version: 1.0.0\ntables: {}\n---\nversion: 2.0.0\n"))
        #expect(error == .syntax("the file holds more than one YAML document ('---'); schema.yaml is one document", at: at(3, 1)))
        #expect(error.message == "invalid YAML: the file holds more than one YAML document ('---'); schema.yaml is one document")
    }
}
