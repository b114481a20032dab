// One message for every JSON file hookrail cannot read: the file, line and column, and the cause by name.
import { describe, expect, it } from "vitest";
import { firstJsonError, jsonErrorMessage, lineColumn } from "../src/config/json-error.ts";

describe("jsonErrorMessage", () => {
  it.each([
    ["a line comment", '{\n  // mine\n  "a": 1\n}\n', {}, "comments are not allowed in f.json (line 2, column 3)"],
    ["a block comment", '{ "a": 1 /* x */ }', {}, "comments are not allowed in f.json (line 1, column 10)"],
    [
      "a trailing comma in an object",
      '{\n  "a": 1,\n}\n',
      {},
      "f.json has a trailing comma at line 2, column 9, which JSON does not allow",
    ],
    [
      "a trailing comma in an array, after a comment is allowed",
      '{ "a": [1, 2, ] // ok\n}',
      { commentsAllowed: true },
      "f.json has a trailing comma at line 1, column 13, which JSON does not allow",
    ],
    ["a missing value", '{\n  "a": \n}', {}, "f.json is not valid JSON at line 3, column 1 (unexpected '}')"],
    [
      "an unquoted name",
      "{ a: 1 }",
      {},
      "f.json is not valid JSON at line 1, column 3 (expected a property name in double quotes, found 'a')",
    ],
    [
      "a cut-off file",
      '{ "a": [1, 2',
      {},
      "f.json is not valid JSON at line 1, column 13 (expected ',' or ']', found the end of the file)",
    ],
    [
      "two values",
      "{} {}",
      {},
      "f.json is not valid JSON at line 1, column 4 (unexpected '{' after the end of the JSON value)",
    ],
    [
      "a parser's own offset and reason",
      "{ x }",
      { offset: 2, reason: "PropertyNameExpected" },
      "f.json is not valid JSON at line 1, column 3 (PropertyNameExpected)",
    ],
  ])("%s", (_, text, options, expected) => {
    const message = jsonErrorMessage("f.json", text, options);
    if (typeof expected === "string") expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });

  it("does not take text inside strings for a comment or a comma", () => {
    const text = '{ "url": "http://x//y", "list": "a, ]", "b": }';
    expect(jsonErrorMessage("f.json", text)).toBe("f.json is not valid JSON at line 1, column 46 (unexpected '}')");
  });

  it("finds nothing wrong in valid JSON", () => {
    for (const text of ['{"a":[1,-2.5e3,"x\\"y",true,false,null,{}]}', " [] ", '"s"'])
      expect(firstJsonError(text)).toBeUndefined();
  });

  it("counts lines and columns from 1", () => {
    expect(lineColumn("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });
});
