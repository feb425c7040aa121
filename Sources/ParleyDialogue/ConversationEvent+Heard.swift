import Foundation
import ParleyGrammar

/// What speech recognition heard in one spoken turn: the words (normalized grammar tokens,
/// empty when nothing in the grammar fit) and a confidence in 0…1.
public struct HeardUtterance: Sendable, Equatable {
    public var text: String
    public var confidence: Double

    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }

    /// `{"text":"…","confidence":0.873}` (three decimals).
    public var json: String {
        "{\"text\":\(JSON.quote(text)),\"confidence\":\(String(format: "%.3f", confidence))}"
    }
}

extension ConversationEvent {
    /// The event's JSON with `heard` added as its last field: the compatible extension of the
    /// conversation events that `parley converse` prints for a spoken (`@file.wav`) turn. Every
    /// other field keeps its name, value and place.
    public func json(heard: HeardUtterance?) -> String {
        let plain = json
        guard let heard, plain.hasSuffix("}") else { return plain }
        return plain.dropLast() + ",\"heard\":\(heard.json)}"
    }
}
