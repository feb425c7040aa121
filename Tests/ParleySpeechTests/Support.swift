import Foundation
import ParleyGrammar
import ParleyTable

/// The repository's shipped phrase tables and the shared corpus beside the checkout.
enum ShippedTables {
    /// The repository root (two folders above this file's folder).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func compiled() throws -> CompiledTable {
        let loaded = try PhraseTableLoader.load(paths: [root.appendingPathComponent("phrases").path])
        return PhraseCompiler.compile(loaded.table)
    }

    /// `../shared/corpus` beside the checkout, when present.
    static var corpus: String? {
        let path = root.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
