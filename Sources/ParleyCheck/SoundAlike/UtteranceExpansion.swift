import ParleyGrammar

/// Spells out a phrase's expansions as words, for comparing how they sound.
enum UtteranceExpansion {
    /// Up to `limit` expansions of `phrase`: `{app}` as the app's name, a slot with at most
    /// `valuesUpTo` values as each value's title, a larger one as `{slot}`.
    static func expansions(of phrase: CompiledPhrase, in compiled: CompiledTable, appName: [String], valuesUpTo: Int, limit: Int) -> [[String]] {
        var results: [[String]] = []
        var path: [String] = []
        let graph = phrase.graph
        func walk(_ node: Int32) {
            guard results.count < limit else { return }
            if node == graph.end { results.append(path) }
            for edge in graph.edges[Int(node)] {
                switch edge.label {
                case .epsilon:
                    walk(edge.target)
                case .token(let id):
                    path.append(compiled.vocabulary.words[Int(id)])
                    walk(edge.target)
                    path.removeLast()
                case .app:
                    path += appName
                    walk(edge.target)
                    path.removeLast(appName.count)
                case .slot(let slot):
                    let domain = compiled.domains[phrase.slots[Int(slot)]]
                    let forms = domain.values.count <= valuesUpTo ? domain.values.compactMap(\.forms.first) : [["{\(domain.parameter)}"]]
                    for form in forms {
                        path += form
                        walk(edge.target)
                        path.removeLast(form.count)
                    }
                }
            }
        }
        walk(0)
        return results
    }
}
