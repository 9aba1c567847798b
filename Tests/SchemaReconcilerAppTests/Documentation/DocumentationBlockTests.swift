import Foundation
import Testing

// MARK: - Every Swift block of the documentation is compiled

/// Every ```swift block of the README, `ARCHITECTURE.md`, `CHANGELOG.md`,
/// `Benchmarks/README.md`, `docs/` and the DocC catalog is written word for word (indentation
/// aside) in a Swift file that is compiled: a test of this folder, where it runs or is compiled
/// as an app would write it; or, for a block that needs a build the tests cannot make, the file
/// continuous integration builds for it.
@Suite struct DocumentationBlockTests {
    /// The folder of the tests that hold the examples.
    static let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// Files outside the test target that CI compiles, with the words a reader fills in that
    /// stand for theirs.
    static let builtElsewhere: [(path: String, placeholders: [(String, String)])] = [
        // A package manifest: the apps that .ci/check-schema-plugin and .ci/generate-records-plugin build.
        ("Fixtures/PluginsApp/Package.swift", [
            (#".package(url: "<repository URL>", from: "0.1.0"),"#, #".package(name: "sqlite-reconciler", path: "../.."),"#),
            (#"name: "MyApp","#, #"name: "CheckSchemaApp","#),
        ]),
        // GRDB with SQLCipher: the app that .ci/sqlcipher-setup builds and runs.
        ("Tests/SQLCipherSetup/Sources/SQLCipherSetup/main.swift", []),
    ]

    /// A compiled file, as lines to look a block's code in.
    struct CompiledFile {
        let name: String
        let lines: [String]
        let imports: Set<String>
        let placeholders: [(String, String)]

        init(name: String, text: String, placeholders: [(String, String)] = []) {
            self.name = name
            self.placeholders = placeholders
            let all = CodeText.normalizedLines(text)
            imports = Set(all.filter { $0.hasPrefix("import ") })
            // A manifest's comments are a reader's notes: they are left out on both sides.
            lines = placeholders.isEmpty ? all : all.filter { !$0.hasPrefix("//") }
        }

        /// Whether `block` is in this file, word for word, its imports at the top.
        func holds(_ block: String) -> Bool {
            var text = block
            for (written, compiled) in placeholders { text = text.replacingOccurrences(of: written, with: compiled) }
            var code = CodeText.normalizedLines(text)
            if !placeholders.isEmpty { code = code.filter { !$0.hasPrefix("//") } }
            let blockImports = code.filter { $0.hasPrefix("import ") }
            return blockImports.allSatisfy(imports.contains)
                && CodeText.contains(lines, code.filter { !$0.hasPrefix("import ") })
        }
    }

    static func compiledFiles() throws -> [CompiledFile] {
        let tests = try FileManager.default.contentsOfDirectory(at: examplesFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
            .map { CompiledFile(name: $0.lastPathComponent, text: try String(contentsOf: $0, encoding: .utf8)) }
        let elsewhere = try builtElsewhere.map { file in
            CompiledFile(name: file.path, text: try MarkdownDocument(path: file.path).text, placeholders: file.placeholders)
        }
        return tests + elsewhere
    }

    /// The blocks of `documents` that no compiled file holds, named by their document.
    static func missingBlocks(of documents: [MarkdownDocument], in files: [CompiledFile]) -> [String] {
        documents.flatMap { document in
            document.swiftBlocks.filter { block in !files.contains { $0.holds(block) } }
                .map { "\(document.path): this example is in no compiled file:\n\($0)" }
        }
    }

    @Test func everySwiftBlockOfTheCatalogIsCompiled() throws {
        let articles = try MarkdownDocument.catalogArticles()
        #expect(articles.count >= 13, "the catalog was not found")
        #expect(articles.map(\.swiftBlocks.count).reduce(0, +) >= 25)
        for missing in Self.missingBlocks(of: articles, in: try Self.compiledFiles()) {
            Issue.record(Comment(rawValue: missing))
        }
    }

    @Test func everySwiftBlockOfTheRepositoryDocumentsIsCompiled() throws {
        let documents = try MarkdownDocument.repositoryDocuments()
        #expect(documents.contains { $0.path == "docs/command-line.md" })
        #expect(try MarkdownDocument(path: "README.md").swiftBlocks.count >= 3)
        for missing in Self.missingBlocks(of: documents, in: try Self.compiledFiles()) {
            Issue.record(Comment(rawValue: missing))
        }
    }

    /// The check finds what it should: a block that is in no file, a block whose import the
    /// file lacks, and a manifest written with the reader's placeholders.
    @Test func theCheckFailsOnABlockThatIsNowhere() throws {
        let file = CompiledFile(name: "x.swift", text: "import GRDB\nlet a = 1\nlet  b = 2\n")
        #expect(file.holds("let a = 1\n    let b = 2"))
        #expect(file.holds("import GRDB\nlet a = 1"))
        #expect(!file.holds("let a = 2"))
        #expect(!file.holds("import SwiftUI\nlet a = 1"))
        let manifest = try Self.compiledFiles().first { $0.name == "Fixtures/PluginsApp/Package.swift" }
        #expect(manifest?.holds("""
            // Package.swift
            dependencies: [
                .package(url: "<repository URL>", from: "0.1.0"),
            ],
            """) == true)
        #expect(manifest?.holds(#".package(url: "https://example.com/other", from: "0.1.0"),"#) == false)
    }
}
