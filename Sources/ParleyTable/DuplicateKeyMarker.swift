import Yams

/// Rewrites the second of two equal mapping keys so that Yams reads the file and the reader can
/// report the duplicate itself (with its context and position).
enum DuplicateKeyMarker {
    static let prefix = "parley-duplicate-key-"

    /// The original key of a marked one.
    static func original(of key: String) -> String? {
        key.hasPrefix(prefix) ? String(key.dropFirst(prefix.count)) : nil
    }

    /// `text` with the next sibling key equal to `key` after `mark` (same column, same block)
    /// marked, or nil when it cannot be found (a flow mapping, say).
    static func mark(_ key: String, after mark: Mark, in text: String) -> String? {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let column = mark.column - 1
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        for index in mark.line..<lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let content = line.drop { $0 == " " }
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent < column { return nil }  // the block ended
            guard indent == column else { continue }
            for written in [key, "\"\(key)\"", "'\(key)'"] where content.hasPrefix(written + ":") {
                let start = line.index(line.startIndex, offsetBy: indent)
                let end = line.index(start, offsetBy: written.count)
                lines[index] = String(line[..<start]) + prefix + key + String(line[end...])
                return lines.joined(separator: "\n")
            }
        }
        return nil
    }
}
