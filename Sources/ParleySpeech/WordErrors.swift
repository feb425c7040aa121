/// Word errors of a transcript against a reference: the fewest substitutions, insertions and
/// deletions that turn one into the other (Levenshtein over words), as word error rate counts.
public enum WordErrors {
    public static func count(_ heard: [String], _ expected: [String]) -> Int {
        var row = Array(0...expected.count)
        for (i, word) in heard.enumerated() {
            var diagonal = row[0]
            row[0] = i + 1
            for (j, reference) in expected.enumerated() {
                let next = min(row[j + 1] + 1, row[j] + 1, diagonal + (word == reference ? 0 : 1))
                diagonal = row[j + 1]
                row[j + 1] = next
            }
        }
        return row[expected.count]
    }
}
