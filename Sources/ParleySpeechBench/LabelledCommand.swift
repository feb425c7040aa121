import Foundation

/// One recording of the coffee corpus and what it means: the benchmark's intent and slots
/// (`dev/labels.json`: `{"<file>.wav": {"intent": "orderDrink", "slots": {"size": "large", …}}}`).
public struct LabelledCommand: Sendable, Equatable {
    /// The WAV file's path.
    public var path: String
    /// The labelled intent (`orderDrink`).
    public var intent: String
    /// Slot name → the benchmark's phrase for its value, trimmed (the labels carry stray
    /// leading spaces: `" soy milk"`).
    public var slots: [String: String]

    public init(path: String, intent: String, slots: [String: String]) {
        self.path = path
        self.intent = intent
        self.slots = slots
    }

    /// The file name without its folder.
    public var fileName: String { (path as NSString).lastPathComponent }

    /// The labelled commands of `folder` (its `labels.json`), sorted by file name; only
    /// those whose WAV file exists.
    public static func load(folder: String) throws -> [LabelledCommand] {
        struct Label: Decodable {
            var intent: String
            var slots: [String: String]?
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("labels.json"))
        let labels = try JSONDecoder().decode([String: Label].self, from: data)
        return labels.keys.sorted().compactMap { name in
            guard let label = labels[name] else { return nil }
            let path = folder + "/" + name
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            let slots = (label.slots ?? [:]).mapValues { $0.trimmingCharacters(in: .whitespaces) }
            return LabelledCommand(path: path, intent: label.intent, slots: slots)
        }
    }
}
