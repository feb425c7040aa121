import Foundation

/// A progress bar on standard error, when it is a terminal.
struct ProgressBar {
    let enabled = isatty(STDERR_FILENO) != 0

    func show(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)\(done == total ? "\n" : "")".utf8))
    }
}
