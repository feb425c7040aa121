import Foundation
import Yams

/// Raw settings from one source: key → values, remembered with the source's name for errors.
public struct SettingsLayer: Sendable, Equatable {
    /// Where the values come from (a path, `environment`, `command line`).
    public var source: String
    /// Values by key; a repeatable key may have several.
    public var values: [String: [String]]

    /// A layer of `values` from `source`.
    public init(source: String, values: [String: [String]]) {
        self.source = source
        self.values = values
    }

    /// The settings in a YAML file: a mapping of keys to scalars or lists of scalars.
    public static func file(_ path: String) throws(ConfigurationError) -> SettingsLayer {
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() ?? Data() else {
            throw ConfigurationError(source: path, key: "(file)", reason: "cannot be read")
        }
        try? handle.close()
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(source: path, key: "(file)", reason: "is not UTF-8 text")
        }
        return try yaml(text, source: path)
    }

    /// The settings in YAML `text`.
    public static func yaml(_ text: String, source: String) throws(ConfigurationError) -> SettingsLayer {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw ConfigurationError(source: source, key: "(file)", reason: "is not YAML: \(error)")
        }
        guard let node else { return SettingsLayer(source: source, values: [:]) }
        guard let mapping = node.mapping else { throw ConfigurationError(source: source, key: "(file)", reason: "is not a mapping of settings") }
        var values: [String: [String]] = [:]
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.string else { throw ConfigurationError(source: source, key: "(file)", reason: "a key is not text") }
            if let scalar = valueNode.scalar {
                values[key] = scalar.string == "~" || (scalar.string == "null" && scalar.style == .plain) ? [""] : [scalar.string]
            } else if let sequence = valueNode.sequence {
                var list: [String] = []
                for item in sequence {
                    guard let scalar = item.scalar else { throw ConfigurationError(source: source, key: key, reason: "list items must be plain values") }
                    list.append(scalar.string)
                }
                values[key] = list
            } else {
                throw ConfigurationError(source: source, key: key, reason: "must be a value or a list of values")
            }
        }
        return SettingsLayer(source: source, values: values)
    }

    /// The `PARLEYD_…` variables of `environment`; a repeatable key's value is split at
    /// commas and whitespace.
    public static func environment(_ environment: [String: String]) -> SettingsLayer {
        var values: [String: [String]] = [:]
        for key in ConfigurationKey.all {
            guard let text = environment[key.environmentName] else { continue }
            values[key.name] = key.repeatable
                ? text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init) : [text]
        }
        return SettingsLayer(source: "environment", values: values)
    }
}

/// Builds a `DaemonConfiguration` from layers: defaults, then each layer in order, a key in a
/// later layer replacing the same key from earlier ones (command line over environment over
/// file). Unknown keys are errors, so a typo never passes silently.
public enum ConfigurationSettings {
    /// The configuration file read when none is named.
    public static let defaultFile = "/etc/parley/parleyd.yaml"

    /// The configuration of `layers`, applied in order over the defaults.
    public static func configuration(_ layers: [SettingsLayer]) throws(ConfigurationError) -> DaemonConfiguration {
        var merged: [String: (source: String, values: [String])] = [:]
        for layer in layers {
            for (name, values) in layer.values {
                guard ConfigurationKey.named(name) != nil else {
                    throw ConfigurationError(source: layer.source, key: name, reason: "is not a setting (see parleyd --help)")
                }
                merged[name] = (layer.source, values)
            }
        }
        var configuration = DaemonConfiguration()
        for key in ConfigurationKey.all {
            guard let (source, values) = merged[key.name] else { continue }
            if !key.repeatable, values.count > 1 {
                throw ConfigurationError(source: source, key: key.name, reason: "takes one value, not \(values.count)")
            }
            do throws(SettingError) {
                try key.apply(&configuration, values)
            } catch {
                throw ConfigurationError(source: source, key: key.name, reason: error.reason)
            }
        }
        return configuration
    }

    /// The layers parleyd reads: the file (`configFile`, else `PARLEYD_CONFIG`, else the
    /// default file when it exists), the environment, then `commandLine`.
    public static func layers(configFile: String?, environment: [String: String], commandLine: [String: [String]]) throws(ConfigurationError) -> [SettingsLayer] {
        var layers: [SettingsLayer] = []
        if let path = configFile ?? environment["PARLEYD_CONFIG"] {
            layers.append(try .file(path))
        } else if FileManager.default.fileExists(atPath: defaultFile) {
            layers.append(try .file(defaultFile))
        }
        layers.append(.environment(environment))
        layers.append(SettingsLayer(source: "command line", values: commandLine))
        return layers
    }
}
