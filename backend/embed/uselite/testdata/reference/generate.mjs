// Writes ../golden.json: token ids and 512-d vectors computed by the
// USE-lite package's own JavaScript encoder, the ground truth the Go
// encoder is held to. Run once by hand, not by the tests:
//
//   cd backend/embed/uselite/testdata/reference
//   npm install --ignore-scripts && node generate.mjs [model-dir]
//
// model-dir defaults to $CONTINUITY_MODELS_USE, then <repo>/models/use-lite.
import { createRequire } from "node:module";
import { readFile, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import path from "node:path";

const require = createRequire(import.meta.url);
const core = require("@energetic-ai/core");
const { EmbeddingsModel } = require("@energetic-ai/embeddings");

const here = path.dirname(fileURLToPath(import.meta.url));
const modelDir = path.resolve(
  process.argv[2] ||
    process.env.CONTINUITY_MODELS_USE ||
    path.join(here, "../../../../../models/use-lite"),
);

// Window length the graph accepts (ClipToMaxLength drops the rest).
const maxTokens = 128;

// Tokenizer cases: NFKC folding, runs of unknown characters, spaces at the
// edges, the vocabulary's broken ":" scores, and astral code points.
const tokenCases = [
  "",
  "Hello",
  "A cat sat on the mat.",
  "  two  spaces   and edges  ",
  "Don't stop: the 12:30 meeting starts at 9:00.",
  "See http://example.com/a?b=c for details.",
  "ＦＵＬＬ ｗｉｄｔｈ ﬁle ligature and ½ fraction",
  "Naïve café in Zürich costs 5€ (or £4).",
  "emoji 🙂🙂 run and 中文字符 run",
  "tab\there and newline\nthere",
  "UPPER lower MiXeD 2024-05-17 #tag @user",
];

// Sentences for golden vectors, embedded together as one batch.
const vectorCases = [
  "A cat sat on the mat.",
  "A kitten was sitting on the rug",
  "The committee approved the budget for next year.",
  "Access to the database is mandatory for all staff.",
  "Access to the database is optional for all staff.",
  "How do I reset my password?",
  "Naïve café in Zürich costs 5€ (or £4).",
  "Hello",
];

// Longer than one window: checks the split / mean-pool / re-normalise path.
const longCases = [
  Array.from({ length: 30 }, (_, i) =>
    `Clause ${i + 1} says the supplier shall deliver the goods on time.`,
  ).join(" "),
];

function round9(v) {
  // Nine significant digits round-trip any float32 exactly.
  return v.map((x) => Number(x.toPrecision(9)));
}

async function hashFiles(files) {
  const h = createHash("sha256");
  for (const f of files) h.update(await readFile(path.join(modelDir, f)));
  return h.digest("hex");
}

// Splits ids into ceil(n/128) windows of near-equal length, as the Go
// encoder does, so no window is a short tail that would skew the mean.
function windows(ids) {
  const k = Math.max(1, Math.ceil(ids.length / maxTokens));
  const out = [];
  for (let w = 0; w < k; w++) {
    out.push(ids.slice(Math.floor((w * ids.length) / k), Math.floor(((w + 1) * ids.length) / k)));
  }
  return out;
}

async function runIds(graph, rows) {
  const idx = [];
  const vals = [];
  rows.forEach((ids, r) => ids.forEach((id, p) => { idx.push([r, p]); vals.push(id); }));
  const indices = core.tensor2d(idx, [idx.length, 2], "int32");
  const values = core.tensor1d(vals, "int32");
  const out = await graph.executeAsync({ indices, values });
  const arr = await out.array();
  indices.dispose(); values.dispose(); out.dispose();
  return arr;
}

async function main() {
  await core.ready();
  const manifest = JSON.parse(await readFile(path.join(modelDir, "model.json"), "utf-8"));
  const shards = manifest.weightsManifest.flatMap((g) => g.paths);
  const vocabulary = JSON.parse(await readFile(path.join(modelDir, "vocab.json"), "utf-8"));
  const graph = await core.loadGraphModel(`file://${path.join(modelDir, "model.json")}`);
  const model = new EmbeddingsModel({ model: graph, vocabulary });

  const tokens = tokenCases.map((text) => ({ text, ids: model.tokenizer.encode(text) }));
  const batch = await model.embed(vectorCases);

  // How far apart one-at-a-time and batched runs land in JS itself.
  let batchDrift = 0;
  for (let i = 0; i < vectorCases.length; i++) {
    const single = await model.embed(vectorCases[i]);
    for (let j = 0; j < single.length; j++) batchDrift = Math.max(batchDrift, Math.abs(single[j] - batch[i][j]));
  }

  const long = [];
  for (const text of longCases) {
    const ids = model.tokenizer.encode(text);
    const parts = windows(ids);
    const vecs = await runIds(graph, parts);
    const mean = vecs[0].map((_, j) => vecs.reduce((s, v) => s + v[j], 0) / vecs.length);
    const norm = Math.hypot(...mean);
    long.push({ text, tokens: ids.length, windows: parts.length, vector: round9(mean.map((x) => x / norm)) });
  }

  const fixture = {
    generator: "testdata/reference/generate.mjs with @energetic-ai/embeddings@0.2.0, @energetic-ai/core@0.2.0, node " + process.version,
    backend: core.getBackend(),
    model_files_sha256: await hashFiles(["model.json", ...shards, "vocab.json"]),
    batch_drift: batchDrift,
    tokens,
    vectors: vectorCases.map((text, i) => ({ text, vector: round9(batch[i]) })),
    long,
  };
  const out = path.join(here, "..", "golden.json");
  await writeFile(out, JSON.stringify(fixture) + "\n");
  console.log(`wrote ${out}: ${tokens.length} token cases, ${vectorCases.length} vectors, ${long.length} long; backend ${fixture.backend}, batch drift ${batchDrift}`);
}

main().catch((err) => { console.error(err); process.exit(1); });
