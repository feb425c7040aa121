#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Clocks and memory figures of this process, read the cheap way.
public enum ProcessMeasures {
    /// Nanoseconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`): only differences
    /// mean anything.
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Seconds taken by `body`, and its result.
    public static func time<T>(_ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
        let start = nanoseconds()
        let result = try body()
        return (Double(nanoseconds() - start) / 1e9, result)
    }

    /// The largest resident set size this process has had so far, in bytes
    /// (`getrusage(RUSAGE_SELF).ru_maxrss`: KiB on Linux, bytes on macOS).
    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// The resident set size right now, in bytes, from `/proc/self/statm` (Linux); nil where
    /// that file does not exist. Against the peak it tells kept memory from passing memory.
    public static func currentResidentBytes() -> Int? {
        guard let file = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard withUnsafeMutablePointer(to: &size, { sizePointer in
            withUnsafeMutablePointer(to: &resident) { residentPointer in
                withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
            }
        }) == 2 else { return nil }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
