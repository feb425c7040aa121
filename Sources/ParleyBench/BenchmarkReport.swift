/// What `parley bench` measured, with the targets of the benchmark issue.
public struct BenchmarkReport: Codable, Sendable {
    /// Latencies of one group of utterances, in microseconds.
    public struct Latency: Codable, Sendable {
        public var count: Int
        public var p50: Double
        public var p90: Double
        public var p99: Double
        public var max: Double
        public var mean: Double

        /// Nearest-rank percentiles of `nanoseconds` (empty: all zero).
        public init(nanoseconds: [UInt64]) {
            let sorted = nanoseconds.sorted()
            count = sorted.count
            func rank(_ fraction: Double) -> Double {
                guard !sorted.isEmpty else { return 0 }
                let index = Swift.max(0, Swift.min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))
                return Double(sorted[index]) / 1000
            }
            p50 = rank(0.5)
            p90 = rank(0.9)
            p99 = rank(0.99)
            max = Double(sorted.last ?? 0) / 1000
            mean = sorted.isEmpty ? 0 : Double(sorted.reduce(0, +)) / Double(sorted.count) / 1000
        }
    }

    /// Match latencies over every timed utterance and per kind, and how many were answered as
    /// expected (plain and filler: their own shortcut and value among the matches; unmatched:
    /// nothing).
    public struct Matching: Codable, Sendable {
        public var all: Latency
        public var byKind: [String: Latency]
        public var answered: [String: Int]
    }

    /// `parley check` on the generated folder: the whole run (read, compile, rules, report
    /// text), of which `renderSeconds` went to the report text.
    public struct Check: Codable, Sendable {
        public var seconds: Double
        public var renderSeconds: Double
        public var errors: Int
        public var warnings: Int
        public var findingsByRule: [String: Int]
        public var reportCharacters: Int
    }

    /// One figure against its target; `value` and `passed` nil when it was not measured.
    public struct Target: Codable, Sendable {
        public var name: String
        public var value: Double?
        public var limit: Double
        public var unit: String
        public var passed: Bool?

        public init(name: String, value: Double?, limit: Double, unit: String) {
            self.name = name
            self.value = value
            self.limit = limit
            self.unit = unit
            passed = value.map { $0 < limit }
        }
    }

    public var apps: Int
    public var seed: UInt64
    public var folder: String
    public var shortcuts: Int
    public var phrases: Int
    public var vocabulary: Int
    /// Errors the loader and the compiler reported (a generated table has none).
    public var loadErrors: Int
    public var compileErrors: Int

    public var generateSeconds: Double
    public var loadSeconds: Double
    public var compileSeconds: Double
    public var nfaStates: Int
    public var nfaEdges: Int
    public var dfaStates: Int
    public var dfaTransitions: Int
    public var matching: Matching
    /// Resident memory right after compiling, with the table loaded and compiled held (nil
    /// where it cannot be read): what a running matcher keeps, against the passing peak.
    public var residentAfterCompileBytes: Int?
    /// The check's rules alone, run on the already compiled table.
    public var checkRulesSeconds: Double
    /// Nil only while the report is being filled.
    public var check: Check?
    /// Peak resident set size after each phase, in bytes (the process's high-water mark).
    public var peakResidentBytes: [String: Int]
    public var peakResidentBytesTotal: Int

    /// Targets on the project's two-core machine, from the benchmark issue.
    public enum Limits {
        public static let compileSeconds = 2.0
        public static let matchP99Microseconds = 50.0
        public static let checkSeconds = 10.0
        public static let peakResidentMegabytes = 300.0
    }

    /// Each target with its figure; filled by `withTargets()`.
    public var targets: [Target] = []

    /// The report with `targets` filled from its figures.
    public func withTargets() -> BenchmarkReport {
        var report = self
        report.targets = [
            Target(name: "compile", value: compileSeconds, limit: Limits.compileSeconds, unit: "s"),
            Target(name: "match p99", value: matching.all.p99, limit: Limits.matchP99Microseconds, unit: "µs"),
            Target(name: "parley check", value: check?.seconds, limit: Limits.checkSeconds, unit: "s"),
            Target(name: "peak RSS", value: Double(peakResidentBytesTotal) / 1e6, limit: Limits.peakResidentMegabytes, unit: "MB"),
        ]
        return report
    }

    /// Whether every plain and filler utterance started the shortcut it was made from.
    public var matchedAsSampled: Bool {
        SampledUtterance.Kind.allCases.filter { $0 != .unmatched }.allSatisfy {
            answered[$0.rawValue] == matching.byKind[$0.rawValue]?.count
        }
    }

    private var answered: [String: Int] { matching.answered }
}
