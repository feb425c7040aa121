import Foundation
import ParleyRandom

/// Makes synthetic phrase tables for benchmarks: `apps` apps of exactly ten shortcuts each,
/// the same tables for the same seed, written as real YAML files so that measurements go
/// through the real loader.
///
/// Each app has a unique made-up name (one word of two syllables, so no name contains
/// another as a word sequence) and 0–2 made-up synonyms; 1–3 value types of 3–5 cases with
/// titles and synonyms; 2–4 intents whose parameters are custom types, integers with `min`
/// and `max`, strings with `options`, and a `when` child; ten shortcuts of 1–3 phrases using
/// `(a | b)` alternatives, `[optional]` words, `{app}` and at most one `{param}`, never more
/// than three words besides the app and the slot. Verbs, nouns and values come from pools
/// shared by every app, so apps overlap in vocabulary as real tables do.
///
/// Tables are free of collisions by construction: the pools of `SyntheticWords` are disjoint,
/// every phrase names its app by a word no other app uses, and every phrase of a shortcut
/// carries a noun no other shortcut of its app uses.
public struct SyntheticTableGenerator: Sendable {
    public static let shortcutsPerApp = 10

    /// How many apps to make.
    public var appCount: Int
    /// The seed that fixes every choice.
    public var seed: UInt64

    public init(apps: Int, seed: UInt64) {
        appCount = apps
        self.seed = seed
    }

    /// First line of every generated file; `write(to:)` only ever deletes files that start so.
    public static let marker = "Synthetic phrase table made by `parley bench`"

    /// One generated file: its name in the folder and its text.
    public struct File: Sendable, Equatable {
        public var name: String
        public var text: String
    }

    /// Every app's file, in table order (names sort in the same order).
    public func files() -> [File] {
        var random = SplitMix64(seed: seed)
        var taken: Set<String> = []
        let width = String(max(appCount, 1)).count
        return (0..<appCount).map { index in
            let app = makeApp(using: &random, taken: &taken)
            let number = String(repeating: "0", count: width - String(index + 1).count) + String(index + 1)
            let header = "\(Self.marker): app \(index + 1) of \(appCount), seed \(seed)"
            return File(name: "\(number)-\(app.name.lowercased()).yaml", text: app.yaml(header: header))
        }
    }

    /// Writes the files into `folder` (created when missing) and returns their paths. A folder
    /// that already holds `.yaml` files is emptied of them first only when they were all made
    /// here; otherwise nothing is written and an error says why.
    @discardableResult
    public func write(to folder: String) throws -> [String] {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let existing = try manager.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }
        for name in existing {
            let path = (folder as NSString).appendingPathComponent(name)
            let head = (try? String(contentsOfFile: path, encoding: .utf8))?.prefix(200) ?? ""
            guard head.hasPrefix("# \(Self.marker)") else {
                throw GeneratorError(message: "\(folder) holds phrase tables that parley bench did not make (\(name)); choose an empty folder")
            }
        }
        for name in existing { try manager.removeItem(atPath: (folder as NSString).appendingPathComponent(name)) }
        return try files().map { file in
            let path = (folder as NSString).appendingPathComponent(file.name)
            try file.text.write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
    }

    /// Why tables could not be written.
    public struct GeneratorError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    // MARK: - One app

    private func makeApp(using random: inout SplitMix64, taken: inout Set<String>) -> SyntheticApp {
        func newName() -> String {
            while true {
                let word = SyntheticWords.madeUpWord(using: &random)
                guard Set(word).count == word.count, !SyntheticWords.reservedForNames.contains(word),
                      taken.insert(word).inserted else { continue }
                return word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        let name = newName()
        let synonymCount = random.chance(0.4) ? 0 : (random.chance(0.67) ? 1 : 2)
        let synonyms = (0..<synonymCount).map { _ in newName() }

        let typeNames = random.sample(SyntheticWords.typeNames, count: random.int(in: 1...3))
        let types = typeNames.map { makeType(named: $0, using: &random) }

        let intentCount = random.int(in: 2...4)
        let verbGroups = random.sample(SyntheticWords.verbGroups, count: intentCount)
        let intentNouns = random.sample(SyntheticWords.nouns, count: intentCount)
        let intents = (0..<intentCount).map { index in
            makeIntent(index, verbs: verbGroups[index], noun: intentNouns[index], types: types, using: &random)
        }

        let keyNouns = random.sample(SyntheticWords.nouns, count: Self.shortcutsPerApp)
        let shortcuts = (0..<Self.shortcutsPerApp).map { index in
            let intent = index < intents.count ? index : random.int(in: 0..<intents.count)
            return makeShortcut(intent: intent, of: intents, types: types, noun: keyNouns[index], using: &random)
        }
        return SyntheticApp(name: name, synonyms: synonyms, types: types, intents: intents, shortcuts: shortcuts)
    }

    private func makeType(named name: String, using random: inout SplitMix64) -> SyntheticApp.ValueType {
        var used: Set<String> = []
        var cases: [SyntheticApp.Case] = []
        let count = random.int(in: 3...5)
        while cases.count < count {
            let words = (0..<(random.chance(0.4) ? 2 : 1)).map { _ in random.pick(SyntheticWords.valueWords) }
            let title = words.joined(separator: " ")
            guard Set(words).count == words.count, !used.contains(title) else { continue }
            used.insert(title)
            var synonyms: [String] = []
            for _ in 0..<random.int(in: 0...2) {
                let synonym = random.pick(SyntheticWords.valueWords)
                if used.insert(synonym).inserted { synonyms.append(synonym) }
            }
            cases.append(SyntheticApp.Case(id: words.joined(separator: "_"), title: title.capitalizedFirst, synonyms: synonyms))
        }
        return SyntheticApp.ValueType(name: name, cases: cases)
    }

    private func makeIntent(
        _ index: Int, verbs: [String], noun: String, types: [SyntheticApp.ValueType], using random: inout SplitMix64
    ) -> SyntheticApp.Intent {
        let verb = verbs[0]
        let typeIndex = index % types.count
        let type = types[typeIndex]
        let primary = type.name.lowercased()
        var parameters = [SyntheticApp.Parameter(
            name: primary, kind: .custom(type: typeIndex), when: nil,
            prompt: "Which \(primary) do you want?")]
        // The first intent of every app has every kind of parameter; the others some.
        var integer: String?
        if index == 0 || random.chance(0.5) {
            let name = random.pick(SyntheticWords.integerNames)
            integer = name
            parameters.append(SyntheticApp.Parameter(
                name: name, kind: .integer(min: 1, max: random.int(in: 3...12), defaultValue: random.chance(0.5) ? 1 : nil),
                when: nil, prompt: "How many \(name) do you want?"))
        }
        if index == 0 || random.chance(0.4) {
            var options: [String] = []
            let count = random.int(in: 2...4)
            while options.count < count {
                let option = "\(random.pick(SyntheticWords.optionFirstWords)) \(random.pick(SyntheticWords.optionSecondWords))"
                    .capitalizedFirst
                if !options.contains(option) { options.append(option) }
            }
            let child = index == 0 || random.chance(0.5)
            let name = random.pick(SyntheticWords.optionNames)
            parameters.append(SyntheticApp.Parameter(
                name: name, kind: .options(options), when: child ? (primary, type.cases[0].id) : nil,
                prompt: "Which \(name) do you want?"))
        }
        let summary = integer.map { "\(verb.capitalizedFirst) {\($0)} {\(primary)}" } ?? "\(verb.capitalizedFirst) {\(primary)}"
        return SyntheticApp.Intent(
            id: verb.capitalizedFirst + noun.capitalizedFirst, title: "\(verb.capitalizedFirst) \(noun)", verbs: verbs,
            parameters: parameters, summary: summary,
            confirmation: random.chance(0.3) ? "Ready to \(verb) {\(primary)}?" : nil,
            response: "Done with {\(primary)}.")
    }

    /// The shapes of phrases (V verb, O optional word, N the shortcut's noun, C connector,
    /// S the slot); none has more than three words besides `{app}` and the slot.
    private enum Shape: CaseIterable {
        case appVerbNoun        // {app} V [O] N
        case verbNounApp        // V N C {app}
        case connectorAppVerbNoun  // C {app} V N
        case verbSlotNounApp    // V {S} N C {app}
        case appVerbSlotNoun    // {app} V [O] {S} N
        case appVerbNounSlot    // {app} V [O] N {S}

        var hasSlot: Bool { [.verbSlotNounApp, .appVerbSlotNoun, .appVerbNounSlot].contains(self) }
    }

    private func makeShortcut(
        intent index: Int, of intents: [SyntheticApp.Intent], types: [SyntheticApp.ValueType], noun: String,
        using random: inout SplitMix64
    ) -> SyntheticApp.Shortcut {
        let intent = intents[index]
        let slot: SyntheticApp.Parameter? = random.chance(0.6) ? random.pick(intent.parameters) : nil
        var shapes = random.sample(Shape.allCases.filter { !$0.hasSlot }, count: 3)
        if slot != nil {
            let slotShapes = random.sample(Shape.allCases.filter(\.hasSlot), count: 3)
            shapes = [slotShapes[0]] + random.sample(Array(slotShapes.dropFirst()) + shapes, count: 2)
        }
        let phrases = shapes.prefix(random.int(in: 1...3)).map { shape -> String in
            let verb = random.chance(0.5)
                ? "(" + random.sample(intent.verbs, count: random.int(in: 2...intent.verbs.count)).joined(separator: " | ") + ")"
                : random.pick(intent.verbs)
            var optional = ""
            if random.chance(0.5) {
                optional = "[" + random.sample(SyntheticWords.optionalWords, count: random.chance(0.3) ? 2 : 1)
                    .joined(separator: " | ") + "] "
            }
            let connector = random.chance(0.4)
                ? "(" + random.sample(SyntheticWords.connectors, count: 2).joined(separator: " | ") + ")"
                : random.pick(SyntheticWords.connectors)
            let parameter = "{\(slot?.name ?? "")}"
            switch shape {
            case .appVerbNoun: return "{app} \(verb) \(optional)\(noun)"
            case .verbNounApp: return "\(verb) \(noun) \(connector) {app}"
            case .connectorAppVerbNoun: return "\(connector) {app} \(verb) \(noun)"
            case .verbSlotNounApp: return "\(verb) \(parameter) \(noun) \(connector) {app}"
            case .appVerbSlotNoun: return "{app} \(verb) \(optional)\(parameter) \(noun)"
            case .appVerbNounSlot: return "{app} \(verb) \(optional)\(noun) \(parameter)"
            }
        }
        var presets: [(name: String, value: String)] = []
        if random.chance(0.25), let preset = intent.parameters.first(where: { $0.name != slot?.name && $0.when == nil }) {
            switch preset.kind {
            case .custom(let type): presets.append((preset.name, random.pick(types[type].cases).id))
            case .integer(let min, let max, _): presets.append((preset.name, String(random.int(in: min...max))))
            case .options(let options): presets.append((preset.name, random.pick(options)))
            }
        }
        return SyntheticApp.Shortcut(
            intent: index, title: random.chance(0.5) ? "\(intent.verbs[0].capitalizedFirst) \(noun)" : nil,
            presets: presets, phrases: phrases)
    }
}

extension String {
    /// The text with its first letter in upper case.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
