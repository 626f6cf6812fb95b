// Prints what the package's JS tokenizer makes of the tiny vocabulary in
// ../../tokenizer_test.go (TestTokenizerAlgorithm, TestLoadTokenizer), the
// source of those tests' expected ids. Run: node tiny-vocab.mjs
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { EmbeddingsModel } = require("@energetic-ai/embeddings");

const words = ["�", "<s>", "</s>", "x1", "x2", "x3", "▁", "▁a", "b", "▁ab", "c", "▁c", "▁b", "dd", "dd"];
const scores = [0, 0, 0, 0, 0, 0, -1, -1, -2, -2.5, -1, -2, -1, -9, -3];
const tiny = new EmbeddingsModel({ model: null, vocabulary: words.map((w, i) => [w, scores[i]]) });
for (const text of ["", "ab", "c", "a b", "azzz", "a🙂", "azbz", "bz", "ａｂ", "a dd", "x1"]) {
  console.log(JSON.stringify(text), JSON.stringify(tiny.tokenizer.encode(text)));
}

const withNull = new EmbeddingsModel({
  model: null,
  vocabulary: [["u", 0], ["s", 0], ["/s", 0], ["e1", 0], ["e2", 0], ["e3", 0], ["▁", -1], ["▁a", null], ["a", -0.5]],
});
console.log("null score:", JSON.stringify("a"), JSON.stringify(withNull.tokenizer.encode("a")));
