import ParleyTable

/// One value a phrase slot can take, with every way to say it.
public struct SlotValue: Sendable {
    public var value: ParameterValue
    /// The title people hear (a case title, an option, a number).
    public var title: String
    /// Normalized token sequences: title first, then synonyms.
    public var forms: [[String]]
}

/// The finite spoken values of one parameter, the way a `{param}` slot expands.
public struct SlotDomain: Sendable {
    public var parameter: String
    public var values: [SlotValue]

    /// Integer ranges wider than this are treated as open (too many values to list).
    public static let maximumRange = 1000

    /// The integers a `min`…`max` slot listens for: the range itself, plus 0 below it and up to
    /// twice its top (at most 100 more) above it while the whole stays within `maximumRange`
    /// values. The valid range is never cut.
    public static func heardRange(_ low: Int, _ high: Int) -> ClosedRange<Int> {
        let below = low > 0 ? 0 : low
        let above = Swift.max(high, Swift.min(high * 2, high + 100))
        return below...Swift.max(high, Swift.min(above, below + maximumRange - 1))
    }

    /// Why a parameter has no finite spoken values.
    public enum OpenReason: Error, Sendable {
        case freeText, unboundedNumber, tooWide(Int), notListable(ParameterType), unknownType(String), dynamic
    }

    /// The domain of `parameter`, or why it is open.
    public static func of(_ parameter: Parameter, in app: App) -> Result<SlotDomain, OpenReason> {
        func forms(_ texts: [String]) -> [[String]] {
            var seen: Set<[String]> = []
            return texts.map(TextNormalizer.tokens).filter { !$0.isEmpty && seen.insert($0).inserted }
        }
        if case .dynamic = parameter.options { return .failure(.dynamic) }
        if case .list(let options) = parameter.options {
            return .success(SlotDomain(parameter: parameter.name, values: options.map {
                SlotValue(value: .option($0.value), title: $0.value, forms: forms([$0.value]))
            }))
        }
        switch parameter.type.value {
        case .custom(let name):
            guard let type = app.type(named: name) else { return .failure(.unknownType(name)) }
            return .success(SlotDomain(parameter: parameter.name, values: type.cases.map { item in
                SlotValue(value: .caseID(item.id), title: item.title.value, forms: forms(item.spokenForms.map(\.value)))
            }))
        case .integer:
            guard let min = parameter.min?.value, let max = parameter.max?.value else { return .failure(.unboundedNumber) }
            let low = Int(min.rounded(.up)), high = Int(max.rounded(.down))
            guard high - low < maximumRange else { return .failure(.tooWide(high - low + 1)) }
            guard low <= high else { return .success(SlotDomain(parameter: parameter.name, values: [])) }
            // Numbers a little out of range are heard too, so that “order 12 soups” is answered
            // with the parameter's `unsupported` text instead of not being understood.
            let heard = heardRange(low, high)
            return .success(SlotDomain(parameter: parameter.name, values: heard.map {
                SlotValue(value: .integer($0), title: String($0), forms: [[String($0)]])
            }))
        case .boolean:
            return .success(SlotDomain(parameter: parameter.name, values: [
                SlotValue(value: .boolean(true), title: "on", forms: [["on"], ["yes"], ["true"]]),
                SlotValue(value: .boolean(false), title: "off", forms: [["off"], ["no"], ["false"]]),
            ]))
        case .string: return .failure(.freeText)
        case .decimal: return .failure(.unboundedNumber)
        case let other: return .failure(.notListable(other))
        }
    }
}
