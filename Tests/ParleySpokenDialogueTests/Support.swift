import Foundation
import ParleyGrammar
import ParleyTable

/// The repository, its tables and the shared corpus beside the checkout.
enum Repository {
    /// The repository root (two folders above this file's folder).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The compiled tables of `folder` (relative to the root).
    static func compiled(_ folder: String) throws -> CompiledTable {
        let loaded = try PhraseTableLoader.load(paths: [root.appendingPathComponent(folder).path])
        return PhraseCompiler.compile(loaded.table)
    }

    /// `../shared/corpus` beside the checkout, when present.
    static var corpus: String? {
        let path = root.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
