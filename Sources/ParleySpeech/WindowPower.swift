/// Mean power of consecutive windows of 16-bit samples: the level measure behind judging noise
/// (`NoiseSuppressor.isNoisy`) and finding the speaker's span (`TalkerSpan`).
enum WindowPower {
    /// Mean power of each `size`-sample window of `samples`, in order; the last may be shorter.
    static func of<Samples: Collection<Int16>>(_ samples: Samples, size: Int) -> [Double] where Samples.Index == Int {
        stride(from: samples.startIndex, to: samples.endIndex, by: size).map { start in
            let window = samples[start..<min(samples.endIndex, start + size)]
            return window.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window.count)
        }
    }
}
