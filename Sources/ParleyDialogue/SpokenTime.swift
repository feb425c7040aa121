/// Spoken durations, times of day and dates, read from normalized tokens into ISO 8601.
public enum SpokenTime {
    static let units: [String: Int] = [
        "second": 1, "seconds": 1, "sec": 1, "secs": 1, "minute": 60, "minutes": 60, "min": 60, "mins": 60,
        "hour": 3600, "hours": 3600, "hr": 3600, "hrs": 3600, "day": 86_400, "days": 86_400,
        "week": 604_800, "weeks": 604_800,
    ]

    /// “ten minutes”, “an hour and a half”, “half an hour”, “1 hour 30 minutes”, “a quarter of an
    /// hour” → `PT10M`, `PT1H30M`, … ; nil when no duration is said.
    public static func duration(_ tokens: [String]) -> String? {
        var seconds = 0.0
        var pending: Double?
        var found = false
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if let number = Double(token) {
                pending = number
            } else if token == "a" || token == "an" {
                pending = pending ?? 1
            } else if token == "half" {
                pending = 0.5
                if index + 1 < tokens.count, tokens[index + 1] == "a" || tokens[index + 1] == "an" { index += 1 }
            } else if token == "quarter" {
                pending = 0.25
                while index + 1 < tokens.count, ["of", "a", "an"].contains(tokens[index + 1]) { index += 1 }
            } else if let unit = units[token] {
                let count = pending ?? 1
                seconds += count * Double(unit)
                found = true
                pending = nil
                // “an hour and a half”: half of the unit just said.
                if index + 3 < tokens.count, tokens[index + 1] == "and", tokens[index + 2] == "a", tokens[index + 3] == "half" {
                    seconds += Double(unit) / 2
                    index += 3
                }
            }
            index += 1
        }
        guard found, seconds > 0 else { return nil }
        return iso(seconds: Int(seconds.rounded()))
    }

    /// `PnDTnHnMnS` with only the parts that are not zero.
    static func iso(seconds total: Int) -> String {
        let days = total / 86_400, hours = total % 86_400 / 3600, minutes = total % 3600 / 60, seconds = total % 60
        var out = "P"
        if days > 0 { out += "\(days)D" }
        if hours + minutes + seconds > 0 || days == 0 {
            out += "T"
            if hours > 0 { out += "\(hours)H" }
            if minutes > 0 { out += "\(minutes)M" }
            if seconds > 0 || (hours == 0 && minutes == 0) { out += "\(seconds)S" }
        }
        return out
    }

    /// “5 pm”, “five thirty”, “half past 5”, “quarter to 6”, “noon”, “17 30” → `HH:MM`.
    public static func time(_ tokens: [String]) -> String? {
        let words = tokens.filter { !["at", "around", "about", "oclock", "o", "clock", "the", "in"].contains($0) }
        if words.contains("noon") || words.contains("midday") { return "12:00" }
        if words.contains("midnight") { return "00:00" }
        var hour: Int?
        var minute = 0
        var meridiem: String?
        var index = 0
        while index < words.count {
            let word = words[index]
            if ["am", "a.m", "morning"].contains(word) {
                meridiem = "am"
            } else if ["pm", "p.m", "evening", "afternoon", "tonight", "night"].contains(word) {
                meridiem = "pm"
            } else if word == "half", index + 2 < words.count, words[index + 1] == "past", let h = Int(words[index + 2]) {
                hour = h; minute = 30; index += 2
            } else if word == "quarter", index + 2 < words.count, let h = Int(words[index + 2]) {
                if words[index + 1] == "past" { hour = h; minute = 15 } else if words[index + 1] == "to" { hour = (h + 23) % 24; minute = 45 }
                index += 2
            } else if let number = Int(word) {
                if hour == nil {
                    if number >= 100, number <= 2359, number % 100 < 60 { hour = number / 100; minute = number % 100 } else { hour = number }
                } else if number < 60 {
                    minute = number
                }
            } else if word.contains("."), let value = Double(word) {
                hour = Int(value); minute = Int(((value - Double(Int(value))) * 100).rounded())
            }
            index += 1
        }
        guard var h = hour, h >= 0, h < 24, minute >= 0, minute < 60 else { return nil }
        if meridiem == "pm", h < 12 { h += 12 }
        if meridiem == "am", h == 12 { h = 0 }
        return "\(h < 10 ? "0" : "")\(h):\(minute < 10 ? "0" : "")\(minute)"
    }

    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                         "november", "december"]
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// “today”, “tomorrow”, “the day after tomorrow”, “on Friday”, “next Monday”, “March 3rd”,
    /// “the third of March 2027” → `YYYY-MM-DD`, relative to `today`.
    public static func date(_ tokens: [String], today: CalendarDay) -> String? {
        if AnswerInterpreter.contains(tokens, ["day", "after", "tomorrow"]) { return today.adding(days: 2).description }
        if tokens.contains("today") || tokens.contains("tonight") { return today.description }
        if tokens.contains("tomorrow") { return today.adding(days: 1).description }
        if tokens.contains("yesterday") { return today.adding(days: -1).description }
        if let weekday = tokens.compactMap({ weekdays.firstIndex(of: $0) }).first {
            var ahead = (weekday - today.weekday + 7) % 7
            if ahead == 0, tokens.contains("next") { ahead = 7 }
            return today.adding(days: ahead).description
        }
        guard let month = tokens.compactMap({ months.firstIndex(of: $0) }).first.map({ $0 + 1 }) else { return nil }
        var day: Int?
        var year = today.year
        for (index, token) in tokens.enumerated() {
            if let number = Int(token) {
                if number >= 1000 {
                    year = number
                } else if number == 20 || number == 30, index + 1 < tokens.count, let ordinal = AnswerInterpreter.ordinals[tokens[index + 1]], ordinal < 10 {
                    day = number + ordinal
                } else if number >= 1, number <= 31, day == nil {
                    day = number
                }
            } else if let ordinal = AnswerInterpreter.ordinals[token], day == nil {
                day = ordinal
            }
        }
        guard let day else { return nil }
        return CalendarDay(year: year, month: month, day: day).description
    }
}
