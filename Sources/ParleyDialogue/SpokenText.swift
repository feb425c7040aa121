import ParleyGrammar

/// How values and lists are put into sentences for the ear.
public enum SpokenText {
    /// Joins items naturally: “A”, “A or B”, “A, B, or C” (`conjunction` “or” or “and”). Titles in
    /// sentence case after the first are lowered (“Clam chowder, tomato soup, or …”).
    public static func list(_ items: [String], conjunction: String = "or", keepCase: Bool = false) -> String {
        let spoken = items.enumerated().map { $0.offset == 0 || keepCase ? $0.element : midSentence($0.element) }
        switch spoken.count {
        case 0: return ""
        case 1: return spoken[0]
        case 2: return "\(spoken[0]) \(conjunction) \(spoken[1])"
        default: return spoken.dropLast().joined(separator: ", ") + ", \(conjunction) \(spoken[spoken.count - 1])"
        }
    }

    /// A title as it reads inside a sentence: a sentence-case title (“Clam chowder”) loses its
    /// capital; names with capitals after the first word (“South Lewis Avenue”) keep theirs.
    public static func midSentence(_ title: String) -> String {
        let words = title.split(separator: " ")
        guard let first = words.first, first.count > 1 || words.count > 1 else { return title }
        let restIsLower = words.dropFirst().allSatisfy { $0 == $0.lowercased() }
        let firstIsCapitalized = first.first?.isUppercase == true && first.dropFirst() == first.dropFirst().lowercased()
        guard restIsLower, firstIsCapitalized else { return title }
        return first.lowercased() + title.dropFirst(first.count)
    }

    /// `text` with its first letter in upper case.
    public static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// Fills `{name}` placeholders: parameters by their spoken form, outputs by theirs. Unknown
    /// or empty placeholders are left out.
    public static func fill(
        _ template: String, parameters: [String: String], outputs: [String: String] = [:]
    ) -> String {
        var out = ""
        var name: String?
        for ch in template {
            if ch == "{" {
                name = ""
            } else if ch == "}", let current = name {
                var value = parameters[current] ?? outputs[current] ?? ""
                let atStart = out.trimmingTrailingSpaces.isEmpty || out.trimmingTrailingSpaces.hasSuffix(".")
                    || out.trimmingTrailingSpaces.hasSuffix("?") || out.trimmingTrailingSpaces.hasSuffix("!")
                value = atStart ? capitalized(value) : value
                out += value
                name = nil
            } else if name != nil {
                name?.append(ch)
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// An ISO 8601 duration (`PT1H30M`) in words (“1 hour 30 minutes”); other text unchanged.
    public static func duration(_ iso: String) -> String {
        guard iso.hasPrefix("P"), iso.count > 2, iso.dropFirst().first.map({ $0 == "T" || $0.isNumber }) == true,
              iso.dropFirst().allSatisfy({ $0.isNumber || "TDWHMS.".contains($0) }) else { return iso }
        var parts: [String] = []
        var number = ""
        var inTime = false
        for ch in iso.dropFirst() {
            if ch == "T" {
                inTime = true
            } else if ch.isNumber || ch == "." {
                number.append(ch)
            } else {
                let unit: String? = switch (ch, inTime) {
                case ("D", false): "day"
                case ("W", false): "week"
                case ("H", true): "hour"
                case ("M", true): "minute"
                case ("S", true): "second"
                default: nil
                }
                if let unit, !number.isEmpty { parts.append("\(number) \(unit)\(number == "1" ? "" : "s")") }
                number = ""
            }
        }
        return parts.isEmpty ? iso : parts.joined(separator: " ")
    }

    /// A value as spoken inside a sentence.
    public static func value(_ value: ParameterValue, title: String?) -> String {
        switch value {
        case .caseID: return midSentence(title ?? value.description)
        case .option(let text): return text
        case .text(let text): return spokenTime(text)
        case .integer(let number): return String(number)
        case .decimal(let number): return number == number.rounded() ? String(Int(number)) : String(number)
        case .boolean(let flag): return flag ? "yes" : "no"
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// ISO dates, times and durations as spoken (“Monday, November 23”, “7:30 PM”, “10
    /// minutes”); other text unchanged.
    public static func spokenTime(_ text: String) -> String {
        let parts = text.split(separator: "-")
        if parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
           (1...12).contains(month), (1...31).contains(day) {
            let date = CalendarDay(year: year, month: month, day: day)
            return "\(weekdayNames[date.weekday]), \(monthNames[month - 1]) \(day)"
        }
        let clock = text.split(separator: ":")
        if clock.count == 2, clock[1].count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour),
           (0..<60).contains(minute) {
            if hour == 12, minute == 0 { return "noon" }
            if hour == 0, minute == 0 { return "midnight" }
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            return "\(twelve)\(minute == 0 ? "" : ":\(clock[1])") \(hour < 12 ? "AM" : "PM")"
        }
        return duration(text)
    }

    /// A number without a needless “.0”.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// An output as spoken: currency as dollars, durations in words.
    public static func output(_ value: OutputValue, type: String) -> String {
        switch (value, type) {
        case (.number(let amount), "currency"):
            let cents = Int((amount * 100).rounded())
            return "$\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
        case (.number(let amount), _):
            return amount == amount.rounded() ? String(Int(amount)) : String(amount)
        case (.text(let text), "duration"), (.text(let text), "date"), (.text(let text), "time"): return spokenTime(text)
        case (.text(let text), _): return text
        case (.boolean(let flag), _): return flag ? "yes" : "no"
        case (.null, _): return ""
        }
    }
}

extension String {
    var trimmingTrailingSpaces: Substring {
        var view = Substring(self)
        while view.last == " " { view = view.dropLast() }
        return view
    }
}
