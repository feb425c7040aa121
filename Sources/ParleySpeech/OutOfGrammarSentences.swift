/// Everyday sentences no shipped phrase table covers: spoken by eSpeak NG in tests and
/// benchmarks, they must come out rejected.
public enum OutOfGrammarSentences {
    /// The sentences.
    public static let all = [
        "It was a bright cold day in April and the clocks were striking thirteen.",
        "Please turn off the lights in the kitchen.",
        "What is the weather like tomorrow in Paris?",
        "My brother bought a new bicycle last week.",
        "The meeting has been moved to Thursday afternoon.",
        "Could you recommend a good book about history?",
        "The train to Boston leaves at half past seven.",
        "I think the cat is sleeping under the sofa.",
        "Remind me to call the dentist on Monday.",
        "How far is it from here to the airport?",
        "The children are playing football in the park.",
        "She painted the fence a lovely shade of blue.",
        "Send a message to Alice saying I will be late.",
        "The price of coffee went up again this year.",
        "Turn the volume down a little bit.",
        "Where did I leave my car keys?",
        "Let us go for a walk along the river.",
        "The museum is closed on public holidays.",
        "Add eggs and butter to the shopping list.",
        "Set an alarm for six thirty in the morning.",
    ]
}
