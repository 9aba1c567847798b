import Testing

/// How the layout reads a file's imports and `#if` branches.
@Suite("Layout: a Swift file's imports and #if branches, read as text")
struct SwiftSourceTextTests {
    @Test func everyFormOfAnImportOfTheLibraryIsFoundAndNothingElse() {
        let source = SwiftSourceText("""
            import Foundation
            @testable import SchemaReconciler
            /// ```swift
            /// import SchemaReconciler
            /// ```
            public import struct SchemaReconciler.Plan
            @_implementationOnly import SchemaReconciler.Sub
            import
                SchemaReconciler
            import SchemaReconcilerKit
            let text = "import SchemaReconciler"
            /* import SchemaReconciler */
            """)
        #expect(source.lines(importing: "SchemaReconciler") == [2, 6, 7, 8])
    }

    @Test func commentsAndStringsAreBlankedLinesKept() {
        let text = "let a = \"x // y\" // b\n/* c /* d */ e */ let f = #\"g\"h\"# + \"\"\"\n i\n \"\"\"\nlet j = \"\\\"k\"\n"
        let code = SwiftSourceText.blankingCommentsAndStrings(text)
        #expect(code.split(separator: "\n", omittingEmptySubsequences: false).count
                == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(code.split(whereSeparator: { $0 == " " || $0 == "\n" }) == ["let", "a", "=", "let", "f", "=", "+", "let", "j", "="])
    }

    @Test func everyBranchOfEveryBlockIsListedWithItsLines() {
        let source = SwiftSourceText("""
            #if os(iOS) || os(macOS)
            let a = Alpha()
            #elseif canImport(Glibc)
            #if DEBUG
            let b = 1
            #endif
            #else
            let c = Gamma() // Delta
            #endif
            """)
        #expect(source.branches == [
            .init(condition: "#if os(iOS) || os(macOS)", line: 1, body: 2...2),
            .init(condition: "#elseif canImport(Glibc)", line: 3, body: 4...6),
            .init(condition: "#if DEBUG", line: 4, body: 5...5),
            .init(condition: "#else", line: 7, body: 8...8),
        ])
        #expect(source.identifiers(in: source.branches[1]).map(\.name) == ["let", "b"])
        #expect(source.identifiers(in: source.branches[3]).map { "\($0.name):\($0.line)" } == ["let:8", "c:8", "Gamma:8"])
    }
}
