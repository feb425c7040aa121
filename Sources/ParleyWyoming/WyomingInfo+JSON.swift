import ParleyJSON

extension Attribution {
    var json: JSONValue { ["name": .string(name), "url": .string(url)] }

    init(_ value: JSONValue?, reader: DataReader) throws(WyomingEventError) {
        guard let members = value?.objectValue, let name = members["name"]?.stringValue else {
            throw reader.fail("an attribution has no name")
        }
        self.init(name: name, url: members["url"]?.stringValue ?? "")
    }
}

extension WyomingModel {
    var json: JSONValue {
        var members = extra
        members["name"] = .string(name)
        members["languages"] = .array(languages.map(JSONValue.string))
        members["attribution"] = attribution.json
        members["installed"] = .bool(installed)
        members["description"] = JSONValue(description)
        members["version"] = JSONValue(version)
        return .object(members)
    }

    static let knownKeys: Set<String> = ["name", "languages", "attribution", "installed", "description", "version"]

    init(_ value: JSONValue, reader: DataReader) throws(WyomingEventError) {
        guard let members = value.objectValue, let name = members["name"]?.stringValue else { throw reader.fail("a model has no name") }
        self.init(
            name: name, languages: (members["languages"]?.arrayValue ?? []).compactMap(\.stringValue),
            attribution: try Attribution(members["attribution"], reader: reader),
            installed: members["installed"]?.boolValue ?? false, description: members["description"]?.stringValue,
            version: members["version"]?.stringValue, extra: members.filter { !Self.knownKeys.contains($0.key) })
    }
}

extension WyomingProgram {
    func json(modelsKey: String?) -> JSONValue {
        var members = extra
        members["name"] = .string(name)
        members["attribution"] = attribution.json
        members["installed"] = .bool(installed)
        members["description"] = JSONValue(description)
        members["version"] = JSONValue(version)
        if let modelsKey { members[modelsKey] = .array(models.map(\.json)) }
        return .object(members)
    }

    init(_ value: JSONValue, modelsKey: String?, reader: DataReader) throws(WyomingEventError) {
        guard let members = value.objectValue, let name = members["name"]?.stringValue else { throw reader.fail("a program has no name") }
        var models: [WyomingModel] = []
        for model in modelsKey.flatMap({ members[$0]?.arrayValue }) ?? [] { models.append(try WyomingModel(model, reader: reader)) }
        let known = WyomingModel.knownKeys.subtracting(["languages"]).union(modelsKey.map { [$0] } ?? [])
        self.init(
            name: name, attribution: try Attribution(members["attribution"], reader: reader),
            installed: members["installed"]?.boolValue ?? false, description: members["description"]?.stringValue,
            version: members["version"]?.stringValue, models: models, extra: members.filter { !known.contains($0.key) })
    }
}

extension WyomingInfo {
    /// The data of the `info` event: every kind listed (empty lists included, as Python writes).
    var data: [String: JSONValue] {
        var data: [String: JSONValue] = [:]
        for kind in Kind.allCases { data[kind.rawValue] = .array(self[kind].map { $0.json(modelsKey: kind.modelsKey) }) }
        if let satellite { data["satellite"] = .object(satellite) }
        return data
    }

    init(data: [String: JSONValue], reader: DataReader) throws(WyomingEventError) {
        var programs: [Kind: [WyomingProgram]] = [:]
        for kind in Kind.allCases {
            var list: [WyomingProgram] = []
            for program in data[kind.rawValue]?.arrayValue ?? [] {
                list.append(try WyomingProgram(program, modelsKey: kind.modelsKey, reader: reader))
            }
            programs[kind] = list
        }
        self.init(programs: programs, satellite: try reader.object("satellite"))
    }
}
