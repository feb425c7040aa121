import Foundation

/// The complete example of `phrase-table.md`, verbatim (one copy for every test target, in
/// `Tests/Fixtures/spec-example.yaml`).
let specExample: String = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/spec-example.yaml")
    return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
}()
