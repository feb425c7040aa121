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
    /// Below this the answer counts as not understood (but see `doubtfulValueConfidence`).
    public var veryLowConfidence: Double
    /// Down to this, a value said at a value question — one of a list, or a number — is
    /// confirmed instead of not understood; commands and yes or no still need
    /// `veryLowConfidence`. Under 0.3, right values outnumber wrong ones about five to one
    /// (`docs/speech.md`), and asking “Tomato soup, right?” costs the speaker less than saying
    /// it again.
    public var doubtfulValueConfidence: Double
    /// Today's date, for answers like “tomorrow” or “on Friday” (year, month, day).
    public var today: CalendarDay

    public init(
        retryBudget: Int = 2, silenceBudget: Int = 1, listLimit: Int = 5, lowConfidence: Double = 0.6,
        veryLowConfidence: Double = 0.3, doubtfulValueConfidence: Double = 0.15, today: CalendarDay = CalendarDay(year: 2026, month: 1, day: 1)
    ) {
        self.retryBudget = retryBudget
        self.silenceBudget = silenceBudget
        self.listLimit = listLimit
        self.lowConfidence = lowConfidence
        self.veryLowConfidence = veryLowConfidence
        self.doubtfulValueConfidence = doubtfulValueConfidence
        self.today = today
    }
}

extension DialogueOptions {
    /// Whether an answer heard at `confidence` to `question` counts at all: at or above
    /// `veryLowConfidence`, or, when it is a value (`isValue`) of a list or a number at a value
    /// question, at or above `doubtfulValueConfidence` (and is then confirmed).
    public func understands(_ confidence: Double, isValue: Bool, at question: Question) -> Bool {
        if confidence >= veryLowConfidence { return true }
        guard isValue, confidence >= doubtfulValueConfidence,
              question.kind == .value || question.kind == .disambiguation else { return false }
        switch question.expected {
        case .choice, .integer, .decimal: return true
        case .yesNo, .text, .duration, .time, .date: return false
        }
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
