import ParleyJSON
import ParleyWyoming
import Testing

@Suite struct JSONValueTests {
    @Test func valuesParseAndSerializeBack() throws {
        let texts = [
            #"{"a":[1,-2,3.5,1e3,true,false,null],"b":{"c":"d"},"e":""}"#,
            #""\u00e9\ud83d\ude00\n\t\"\\/""#,
            "  [ ]  ", "{}", "0", "-0.25", "12345678901234",
        ]
        for text in texts {
            let value = try JSONValue.parse(text)
            #expect(try JSONValue.parse(value.serialized) == value, "\(text)")
        }
        #expect(try JSONValue.parse(#""\u00e9\ud83d\ude00""#) == .string("é😀"))
        #expect(try JSONValue.parse("16000") == .integer(16000))
        #expect(try JSONValue.parse("1.5") == .number(1.5))
        #expect(JSONValue.object(["b": 1, "a": "x"]).serialized == #"{"a":"x","b":1}"#)
    }

    @Test func invalidJSONIsRefused() {
        // Foundation's decoder accepts a trailing comma ("[1,]"); everything else here is refused.
        let bad = ["", "{", "{\"a\" 1}", "01", "1.", "-", "tru", "\"\u{01}\"", "\"\\x\"", "\"\\ud800\"", "1 2", "{'a':1}",
                   "NaN", "[1]]"]
        for text in bad {
            #expect(throws: JSONParseError.self, "\(text)") { try JSONValue.parse(text) }
        }
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }  // invalid UTF-8
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }  // nesting is bounded
    }
}
