import Testing

@testable import ScrollSimCore

/// RFC 4180, section 2: rule 6 (a field with a double quote, a comma, CR or LF is enclosed in
/// double quotes) and rule 7 (a double quote inside is doubled); other fields as they are.
struct CSVFieldTests {
  @Test(arguments: [
    ("plain.jsonl", "plain.jsonl"),
    ("", ""),
    ("a,b.jsonl", #""a,b.jsonl""#),
    (#"q"uote.jsonl"#, #""q""uote.jsonl""#),
    (#""""#, #""""""""#),
    ("line\nfeed", "\"line\nfeed\""),
    ("carriage\rreturn", "\"carriage\rreturn\""),
    ("crlf\r\nend", "\"crlf\r\nend\""),
    ("-120.1", "-120.1"),
  ])
  func fieldIsQuotedWhenItMustBe(text: String, field: String) {
    #expect(CSVField.text(text) == field)
  }

  @Test func rowJoinsFieldsWithCommas() {
    #expect(CSVField.row(["a", "b,c", #"d"e"#]) == #"a,"b,c","d""e""#)
  }
}
