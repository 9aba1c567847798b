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
        #expect(error.caseName == "syntax")
        #expect(error.location?.line ?? 0 >= 5)
        #expect(error.description.hasPrefix("schema.yaml:"))
        #expect(error.description.contains(": error: invalid YAML: "))
    }

    @Test func tabIndentationIsLocated() throws {
        let yaml = "version: 1.0.0\ntables:\n\tt: { columns: { a: TEXT } }\n"
        let error = try #require(loadError(yaml))
        #expect(error.caseName == "syntax")
        #expect(error.location == at(3, 1))
        #expect(error.message.contains("tabs"))
    }

    @Test func secondDocumentIsRejected() throws {
        let error = try #require(loadError("version: 1.0.0\ntables: {}\n---\nversion: 2.0.0\n"))
        #expect(error.caseName == "syntax")
        #expect(error.location?.line == 3)
        #expect(error.message.contains("more than one YAML document"))
    }
}
