/// Verbs a title may start with (imperative, lower case). A title starting with another word
/// gets `title-style`; the list is generous on purpose, since a warning on a good title is worse
/// than none on a poor one.
enum VerbLexicon {
    static func isVerb(_ word: String) -> Bool { verbs.contains(word) }

    static let verbs: Set<String> = [
        "accept", "access", "activate", "add", "adjust", "answer", "apply", "archive", "arm", "ask", "assign", "attach",
        "begin", "block", "book", "boost", "brew", "browse", "buy", "calculate", "call", "cancel", "capture", "change",
        "charge", "chat", "check", "choose", "clean", "clear", "close", "compare", "compose", "configure", "confirm",
        "connect", "continue", "convert", "cook", "copy", "count", "create", "decrease", "delete", "deliver", "describe",
        "dial", "dim", "disable", "disarm", "discover", "dismiss", "display", "do", "download", "draw", "drink", "drive",
        "duplicate", "edit", "email", "enable", "end", "enter", "explore", "export", "feed", "fetch", "fill", "filter",
        "find", "finish", "fix", "flag", "follow", "forward", "get", "give", "go", "grab", "hail", "hear", "hide", "hold",
        "import", "increase", "install", "invite", "join", "jump", "keep", "launch", "learn", "leave", "like", "list",
        "listen", "load", "locate", "lock", "log", "look", "lower", "make", "manage", "mark", "measure", "meditate", "meet",
        "message", "mute", "navigate", "note", "notify", "open", "order", "organize", "pause", "pay", "pick", "pin", "plan",
        "play", "post", "prepare", "preview", "print", "queue", "raise", "rate", "read", "record", "refill", "refresh",
        "reload", "remind", "remove", "rename", "renew", "reorder", "replay", "reply", "report", "request", "reserve",
        "reset", "restart", "resume", "return", "review", "rewind", "ride", "run", "save", "scan", "schedule", "search",
        "see", "select", "send", "set", "share", "shop", "show", "shuffle", "sign", "skip", "sleep", "snooze", "sort",
        "speak", "split", "start", "stop", "stream", "submit", "subscribe", "suggest", "summarize", "switch", "sync",
        "take", "talk", "tell", "text", "track", "transfer", "translate", "turn", "unlock", "unmute", "update", "upload",
        "use", "view", "visit", "wake", "walk", "watch", "water", "write",
    ]
}
