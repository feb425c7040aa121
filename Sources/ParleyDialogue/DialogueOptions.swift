/// How a conversation behaves at every question. Defaults follow `conversation.md`.
public struct DialogueOptions: Sendable {
    /// Answers that fit nothing (or are refused) asked again before giving up.
    public var retryBudget: Int
    /// Silences answered by asking once more before ending.
    public var silenceBudget: Int
    /// Items read aloud from a list before offering “more”.
    public var listLimit: Int
    /// Below this recognition confidence a value is confirmed (“Tomato soup, right?”).
    public var lowConfidence: Double
    /// Below this the answer counts as not understood.
    public var veryLowConfidence: Double
    /// Today's date, for answers like “tomorrow” or “on Friday” (year, month, day).
    public var today: CalendarDay

    public init(
        retryBudget: Int = 2, silenceBudget: Int = 1, listLimit: Int = 5, lowConfidence: Double = 0.6,
        veryLowConfidence: Double = 0.3, today: CalendarDay = CalendarDay(year: 2026, month: 1, day: 1)
    ) {
        self.retryBudget = retryBudget
        self.silenceBudget = silenceBudget
        self.listLimit = listLimit
        self.lowConfidence = lowConfidence
        self.veryLowConfidence = veryLowConfidence
        self.today = today
    }
}

/// A day of the Gregorian calendar, without time or zone.
public struct CalendarDay: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// ISO 8601: `2026-03-04`.
    public var description: String {
        "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// Days since 1970-01-01 (civil-from-days arithmetic, valid for the proleptic calendar).
    public var ordinal: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public init(ordinal: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// 0 = Monday … 6 = Sunday.
    public var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 }

    public func adding(days: Int) -> CalendarDay { CalendarDay(ordinal: ordinal + days) }
}
