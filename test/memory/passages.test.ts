import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { passageMax, splitPassages } from "../../src/memory/split-passages.js";
import { queryTerms, tokenize } from "../../src/memory/tokenize.js";
import { TextCorpus } from "../fixtures/text-corpus.js";

const { DatabaseSync } = process.getBuiltinModule("node:sqlite");

describe("splitPassages", () => {
  it("covers a text end to end with passages no longer than the maximum, never splitting a surrogate pair", () => {
    const alphabet = fc.constantFrom("a", "b", " ", "\n", ".", "!", "é", "𝄞", "\n\n", "  ");
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 6000 }).map((parts) => parts.join("")),
        (text) => {
          const spans = splitPassages(text);
          let at = 0;
          for (const span of spans) {
            assert.equal(span.start, at);
            assert.ok(span.end > span.start);
            assert.ok(span.end - span.start <= passageMax);
            const code = text.charCodeAt(span.end - 1);
            assert.ok(span.end === text.length || !(code >= 0xd800 && code <= 0xdbff));
            at = span.end;
          }
          assert.equal(at, text.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("cuts prose at paragraph and sentence ends, keeping the whitespace with the passage before", () => {
    const corpus = new TextCorpus({ seed: 1, vocabularySize: 400 });
    const text = corpus.text(20_000);
    const spans = splitPassages(text);
    assert.ok(spans.length >= 13 && spans.length <= 40, `${spans.length} passages`);
    for (const span of spans.slice(0, -1)) {
      assert.match(text.slice(span.start, span.end), /[.!?]\s+$/);
      assert.match(text.slice(span.end, span.end + 1), /\S/);
    }
    assert.deepEqual(splitPassages(""), []);
    assert.deepEqual(
      splitPassages("x".repeat(5000)).map((span) => span.end - span.start),
      [1000, 1000, 1000, 1000, 1000],
    );
  });
});

describe("tokenize", () => {
  it("folds case and Latin diacritics, splits on everything but letters and digits", () => {
    assert.deepEqual(tokenize("Héllo, WÖRLD! don't 3.14 naïve_café"), [
      "hello",
      "world",
      "don",
      "t",
      "3",
      "14",
      "naive",
      "cafe",
    ]);
    assert.deepEqual(tokenize("ΣΊΣΥΦΟΣ Ёжик 日本語 한국어"), [
      "σίσυφοσ",
      "ёжик",
      "日本語",
      "한국어",
    ]);
    assert.deepEqual(queryTerms('"NEAR" near( x* x', 64), ["near", "x"]);
    assert.deepEqual(queryTerms("a b c d", 2), ["a", "b"]);
  });

  it("tokenizes like SQLite FTS5's unicode61 (remove_diacritics 2) for every character of the major scripts", () => {
    const blocks: [number, number][] = [
      [0x20, 0x24f], // Latin
      [0x370, 0x37e], // Greek (U+037F came with Unicode 7; FTS5 knows Unicode 6.1)
      [0x384, 0x4ff], // Greek, Cyrillic
      [0x590, 0x5ff], // Hebrew
      [0x900, 0x97f], // Devanagari
      [0xe00, 0xe7f], // Thai
      [0x1e00, 0x1fff], // Latin and Greek extended
      [0x3000, 0x30ff], // CJK punctuation, kana
      [0x4e00, 0x9fff], // CJK ideographs
      [0xac00, 0xd7a3], // Hangul
      [0xff00, 0xffef], // full-width forms
    ];
    const db = new DatabaseSync(":memory:");
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
    const insert = db.prepare("INSERT INTO t (rowid, x) VALUES (?, ?)");
    const texts = new Map<number, string>();
    db.exec("BEGIN");
    for (const [first, last] of blocks) {
      for (let code = first; code <= last; code++) {
        const character = String.fromCodePoint(code);
        const text = `a${character}b x${character} ${character}Q`;
        insert.run(code, text);
        texts.set(code, text);
      }
    }
    db.exec("COMMIT");
    const fts = new Map<number, string[]>();
    for (const row of db.prepare("SELECT doc, term FROM v ORDER BY doc, col, offset").iterate()) {
      const code = Number(row.doc);
      fts.set(code, [...(fts.get(code) ?? []), String(row.term)]);
    }
    db.close();
    const differences: string[] = [];
    for (const [code, text] of texts) {
      const expected = fts.get(code) ?? [];
      const actual = tokenize(text);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        differences.push(
          `U+${code.toString(16).padStart(4, "0")}: ${JSON.stringify({ expected, actual })}`,
        );
      }
    }
    assert.deepEqual(differences.slice(0, 10), []);
    assert.ok(texts.size > 34_000, `${texts.size} characters compared`);
  });
});
