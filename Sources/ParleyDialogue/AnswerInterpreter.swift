import ParleyGrammar

/// What people say at every question that is not an answer: the same at each one.
public enum GlobalCommand: Sendable, Equatable {
    case cancel, repeatQuestion, help, more

    static let phrases: [(GlobalCommand, [String])] = [
        (.cancel, ["cancel", "never mind", "nevermind", "stop", "forget it", "cancel that", "cancel it", "stop it"]),
        (.repeatQuestion, ["repeat", "repeat that", "say that again", "say it again", "what", "pardon", "come again", "sorry what"]),
        (.help, ["help", "what can i say", "what are my options", "what can i say here", "help me"]),
        (.more, ["more", "more options", "what else", "others", "next", "tell me more", "other options"]),
    ]

    static let table: [[String]: GlobalCommand] = {
        var table: [[String]: GlobalCommand] = [:]
        for (command, texts) in phrases {
            for text in texts { table[TextNormalizer.tokens(text)] = command }
        }
        return table
    }()

    /// The command an answer is, if it is one (politeness words around it allowed).
    public static func detect(_ tokens: [String]) -> GlobalCommand? {
        table[tokens] ?? table[AnswerInterpreter.trimPoliteness(tokens)]
    }

    /// Every way to say a command, for speech grammars.
    public static var allPhrases: [String] { phrases.flatMap(\.1) }
}

/// Reads answers: yes/no, numbers, and choices from a list by name, synonym, ordinal or a part
/// that fits one item only. Pure functions over normalized tokens.
public enum AnswerInterpreter {
    static let yesPhrases = [
        "yes", "yeah", "yep", "yup", "sure", "ok", "okay", "correct", "right", "affirmative", "absolutely", "definitely",
        "please do", "do it", "go ahead", "go for it", "that's right", "that is right", "yes please", "sure thing",
        "of course", "sounds good", "confirm", "yes it is", "yes that's right", "yeah sure", "that's it", "exactly",
    ].map(TextNormalizer.tokens)
    static let noPhrases = [
        "no", "nope", "nah", "no thanks", "no thank you", "not really", "negative", "don't", "do not", "wrong",
        "that's wrong", "not that", "no way", "no it isn't", "no that's wrong", "not that one",
    ].map(TextNormalizer.tokens)
    static let leadingPoliteness = [
        "please", "um", "uh", "er", "well", "oh", "i want", "i'd like", "i would like", "give me", "let's do", "how about",
        "make it", "i'll have", "i will have", "get me", "i'll take", "i will take", "let's go with", "go with", "i want the",
        "i'd like the", "the", "a", "an", "some",
    ].map(TextNormalizer.tokens).sorted { $0.count > $1.count }
    static let trailingPoliteness = ["please", "thanks", "thank you", "one", "ones", "please thanks"].map(TextNormalizer.tokens)
        .sorted { $0.count > $1.count }

    /// Drops politeness and filler words from both ends (repeatedly: “um I'd like the …”).
    public static func trimPoliteness(_ tokens: [String]) -> [String] {
        var words = tokens
        var changed = true
        while changed, !words.isEmpty {
            changed = false
            for lead in leadingPoliteness where words.count > lead.count && words.starts(with: lead) {
                words.removeFirst(lead.count)
                changed = true
                break
            }
            for tail in trailingPoliteness where words.count > tail.count && Array(words.suffix(tail.count)) == tail {
                words.removeLast(tail.count)
                changed = true
                break
            }
        }
        return words
    }

    /// true for yes (or one of the intent's `verbs`, with “it” or “that”), false for no, nil otherwise.
    public static func yesNo(_ tokens: [String], verbs: [[String]] = []) -> Bool? {
        let trimmed = trimPoliteness(tokens)
        for candidate in [tokens, trimmed] {
            if yesPhrases.contains(candidate) { return true }
            if noPhrases.contains(candidate) { return false }
            for verb in verbs where !verb.isEmpty {
                if candidate == verb || candidate == verb + ["it"] || candidate == verb + ["that"] || candidate == verb + ["them"] {
                    return true
                }
            }
        }
        if let first = tokens.first {
            if ["yes", "yeah", "yep", "sure"].contains(first) { return true }
            if ["no", "nope", "nah"].contains(first) { return false }
        }
        return nil
    }

    /// The one number said (digits or words; “a dozen” is 12, “a couple” 2), or nil.
    public static func number(_ tokens: [String]) -> Double? {
        var found: [Double] = []
        for (index, token) in tokens.enumerated() {
            if let value = Double(token) {
                if index + 1 < tokens.count, tokens[index + 1] == "dozen" {
                    found.append(value * 12)
                } else {
                    found.append(value)
                }
            } else if token == "dozen", index == 0 || Double(tokens[index - 1]) == nil {
                found.append(index > 0 && tokens[index - 1] == "half" ? 6 : 12)
            } else if token == "couple" {
                found.append(2)
            }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// Ordinal words and forms: “first” … “tenth”, “1st”, “last”.
    static let ordinals: [String: Int] = {
        var table: [String: Int] = [:]
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                     "eleventh", "twelfth"]
        for (index, word) in words.enumerated() { table[word] = index + 1 }
        for number in 1...31 {
            let suffix = (number % 10 == 1 && number != 11) ? "st" : (number % 10 == 2 && number != 12) ? "nd"
                : (number % 10 == 3 && number != 13) ? "rd" : "th"
            table["\(number)\(suffix)"] = number
        }
        return table
    }()

    /// The value `tokens` give at a question whose answers are listed: one item of a list, yes or
    /// no (the intent's verbs meaning yes), or a whole number. Nil when they give none, and for
    /// open answers, which the dialogue reads with its own options.
    public static func listedValue(_ tokens: [String], expected: ExpectedAnswer) -> ParameterValue? {
        switch expected {
        case .choice(let choices):
            if case .one(let choice) = choose(tokens, from: choices) { return choice.value }
        case .yesNo(let verbs):
            return yesNo(tokens, verbs: verbs).map { .boolean($0) }
        case .integer:
            if let number = number(tokens), number == number.rounded() { return .integer(Int(number)) }
        case .decimal, .text, .duration, .time, .date:
            break
        }
        return nil
    }

    /// What a choice answer fits.
    public enum ChoiceResult: Equatable, Sendable {
        case one(Choice)
        case several([Choice])
        case none
    }

    /// Picks from `choices`: a whole name or synonym; an ordinal (“the first one”, “the last
    /// one”, “number two”); the name said inside a longer answer; or words that fit one item only
    /// (“the Lewis one”). Several equally good fits are returned for disambiguation.
    public static func choose(_ tokens: [String], from choices: [Choice]) -> ChoiceResult {
        guard !choices.isEmpty, !tokens.isEmpty else { return .none }
        let trimmed = trimPoliteness(tokens)
        func result(_ found: [Choice]) -> ChoiceResult? {
            var unique: [Choice] = []
            for choice in found where !unique.contains(choice) { unique.append(choice) }
            switch unique.count {
            case 0: return nil
            case 1: return .one(unique[0])
            default: return .several(unique)
            }
        }
        // 1. A whole name or synonym.
        for candidate in [tokens, trimmed] {
            if let found = result(choices.filter { $0.forms.contains(candidate) }) { return found }
        }
        // 2. An ordinal.
        if let index = ordinalIndex(trimmed, count: choices.count) { return .one(choices[index]) }
        // 3. A name said inside the answer: the longest one found.
        var best = 0
        var inside: [Choice] = []
        for choice in choices {
            let longest = choice.forms.filter { contains(tokens, $0) }.map(\.count).max() ?? 0
            if longest > best {
                best = longest
                inside = [choice]
            } else if longest == best, longest > 0 {
                inside.append(choice)
            }
        }
        if let found = result(inside) { return found }
        // 4. Words that fit some items only.
        let stop: Set<String> = ["the", "a", "an", "one", "on", "at", "in", "of", "please", "street", "avenue", "road", "st", "ave"]
        let content = trimmed.filter { !stop.contains($0) }
        guard !content.isEmpty else { return .none }
        let fitting = choices.filter { choice in choice.forms.contains { form in content.allSatisfy(form.contains) } }
        return result(fitting) ?? .none
    }

    /// “first”, “the second one”, “number 3”, “option 2”, “the last one”, or a bare number when
    /// no item is called by a number.
    static func ordinalIndex(_ tokens: [String], count: Int) -> Int? {
        var words = tokens
        if words.last == "one" || words.last == "option" { words.removeLast() }
        if words.first == "the" { words.removeFirst() }
        var position: Int?
        if words.count == 1 {
            if words[0] == "last" { position = count }
            position = position ?? ordinals[words[0]]
        } else if words.count == 2, ["number", "option", "item", "choice"].contains(words[0]) {
            position = Int(words[1]) ?? ordinals[words[1]]
        } else if words.count == 2, words[1] == "last", words[0] == "second" {
            position = count - 1
        }
        guard let position, position >= 1, position <= count else { return nil }
        return position - 1
    }

    static func contains(_ tokens: [String], _ form: [String]) -> Bool {
        guard !form.isEmpty, form.count <= tokens.count else { return false }
        for start in 0...(tokens.count - form.count) where Array(tokens[start..<(start + form.count)]) == form {
            return true
        }
        return false
    }
}
