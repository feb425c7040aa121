import ParleyRandom

/// The word pools synthetic tables are made of. The pools are disjoint, so that what a word
/// is (verb, key noun, optional word, connector, value word, app name) can be told from the
/// word alone; that is what makes generated tables free of collisions by construction (see
/// `SyntheticTableGenerator`). Apps share the verbs, nouns and values, as real tables do.
public enum SyntheticWords {
    /// Verb groups: the first verb names the action in titles; the others are alternatives
    /// (`(order | get | buy)`).
    public static let verbGroups: [[String]] = [
        ["order", "get", "buy"], ["start", "begin", "launch"], ["open", "view"], ["play", "queue"],
        ["add", "create", "make"], ["show", "display"], ["book", "reserve"], ["send", "share"],
        ["find", "search"], ["check", "review"], ["track", "follow"], ["pause", "hold"],
        ["log", "record"], ["schedule", "plan"], ["save", "keep"], ["watch", "stream"],
        ["join", "enter"], ["rate", "score"], ["print", "copy"], ["set", "change"],
        ["clear", "reset"], ["edit", "rename"],
    ]

    /// Nouns that name what a shortcut is about; each shortcut of an app has its own.
    public static let nouns: [String] = [
        "pizza", "coffee", "workout", "playlist", "note", "reminder", "timer", "alarm", "ticket", "ride",
        "table", "song", "podcast", "album", "photo", "video", "recipe", "meeting", "invoice", "report",
        "message", "email", "lesson", "game", "movie", "article", "story", "task", "project", "folder",
        "document", "budget", "expense", "receipt", "route", "trip", "flight", "hotel", "garden", "plant",
        "bike", "car", "parking", "battery", "printer", "camera", "doorbell", "thermostat", "heater", "fan",
        "music", "radio", "station", "channel", "episode", "series", "chapter", "quiz", "poll", "survey",
        "habit", "goal", "journal", "diary", "calendar", "event", "party", "gift", "card", "coupon",
        "deal", "cart", "basket", "package", "parcel", "delivery", "sandwich", "salad", "soup", "burger",
        "taco", "sushi", "tea", "juice", "smoothie", "snack", "dessert", "cake", "bread", "lunch",
        "dinner", "breakfast", "class", "appointment", "checkup", "prescription", "pharmacy", "taxi", "bus",
        "ferry", "locker", "laundry", "shower",
    ]

    /// Words a phrase may leave out (`[the]`, `[my | our]`).
    public static let optionalWords = ["a", "the", "my", "some", "our", "this", "new"]

    /// Words that join the app name to the rest (`with {app}`, `(in | on) {app}`).
    public static let connectors = ["with", "in", "on", "using", "via", "from", "at", "through"]

    /// Words of case titles and synonyms (the spoken values of custom types).
    public static let valueWords: [String] = [
        "red", "blue", "green", "yellow", "purple", "golden", "silver", "spicy", "mild", "smoky",
        "fresh", "classic", "deluxe", "jumbo", "mini", "crispy", "sweet", "sour", "dark", "bright",
        "quiet", "rapid", "gentle", "warm", "cold", "hot", "iced", "frozen", "creamy", "salty",
        "bitter", "tangy", "crunchy", "soft", "strong", "slow", "fast", "loud", "calm", "cozy",
        "rustic", "modern", "vintage", "royal", "urban", "coastal", "alpine", "tropical", "arctic", "forest",
        "ocean", "river", "mountain", "sunny", "cloudy", "stormy", "misty", "velvet", "cotton", "wooden",
        "marble", "copper", "bronze", "crystal", "ruby", "amber", "jade", "coral", "ivory", "pearl",
        "honey", "maple", "cherry", "lemon", "lime", "mint", "berry", "peach", "plum", "vanilla",
        "cocoa", "caramel", "ginger", "pepper", "garlic", "basil", "olive",
    ]

    /// Words of `options` lists: “North street”, “Old plaza”.
    public static let optionFirstWords = ["north", "south", "east", "west", "upper", "lower", "old", "central"]
    public static let optionSecondWords = [
        "street", "avenue", "square", "lane", "plaza", "gate", "bridge", "corner", "yard", "wharf",
    ]

    /// Names of custom types (and, lower-cased, of the parameters that hold them).
    public static let typeNames = [
        "Flavor", "Size", "Style", "Color", "Mode", "Level", "Genre", "Mood", "Theme", "Blend",
        "Finish", "Grade", "Variant", "Scene", "Pace", "Roast", "Crust", "Shade", "Tone", "Kind",
    ]

    /// Names of integer parameters and of string parameters with options.
    public static let integerNames = ["quantity", "count", "minutes", "servings", "guests", "copies", "rounds"]
    public static let optionNames = ["branch", "location", "counter", "entrance", "venue", "pickup"]

    /// Letters of made-up app names: consonant–vowel syllables, sometimes closed by a consonant.
    static let consonants = Array("bdfgklmnprstvz")
    static let vowels = Array("aeiou")
    static let finals = Array("nrlmsk")

    /// Words an app name must never be: every pool word, the matcher's filler words, number
    /// words and what the system answers itself.
    public static let reservedForNames: Set<String> = {
        var words = Set(verbGroups.joined()).union(nouns).union(optionalWords).union(connectors).union(valueWords)
            .union(optionFirstWords).union(optionSecondWords)
        for filler in ["please", "hey", "ok", "okay", "can", "could", "would", "you", "want", "like", "lets", "go",
                       "ahead", "and", "thanks", "thank", "now", "for", "me", "to", "id", "i"] {
            words.insert(filler)
        }
        for number in ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                       "eleven", "twelve", "hundred", "thousand"] {
            words.insert(number)
        }
        for system in ["cancel", "stop", "never", "mind", "repeat", "help", "what", "say", "yes", "no"] {
            words.insert(system)
        }
        return words
    }()

    /// A pronounceable made-up word of two syllables with no letter twice (“Bankor”, “Tilmo”),
    /// lower case; the caller checks it against names already taken.
    static func madeUpWord(using random: inout SplitMix64) -> String {
        var letters: [Character] = []
        for _ in 0..<2 {
            letters.append(random.pick(consonants))
            letters.append(random.pick(vowels))
            if random.chance(0.3) { letters.append(random.pick(finals)) }
        }
        return String(letters)
    }
}
