import ParleyWyoming
import Testing

@Suite struct JSONParserTests {
    @Test func valuesParseAndSerializeBack() throws {
        let texts = [
            #"{"a":[1,-2,3.5,1e3,true,false,null],"b":{"c":"d"},"e":""}"#,
            #""\u00e9\ud83d\ude00\n\t\"\\/""#,
            "  [ ]  ", "{}", "0", "-0.25", "12345678901234",
        ]
        for text in texts {
            let value = try JSONParser.parse(text)
            #expect(try JSONParser.parse(value.serialized) == value, "\(text)")
        }
        #expect(try JSONParser.parse(#""\u00e9\ud83d\ude00""#) == .string("é😀"))
        #expect(try JSONParser.parse("16000") == .integer(16000))
        #expect(try JSONParser.parse("1.5") == .number(1.5))
        #expect(JSONValue.object(["b": 1, "a": "x"]).serialized == #"{"a":"x","b":1}"#)
    }

    @Test func invalidJSONIsRefused() {
        let bad = ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"\u{01}\"", "\"\\x\"", "\"\\ud800\"", "1 2", "{'a':1}",
                   "NaN", "[1]]"]
        for text in bad {
            #expect(throws: JSONParseError.self, "\(text)") { try JSONParser.parse(text) }
        }
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }  // invalid UTF-8
    }
}
