// Differential check of urlkit's WHATWG view against Node's `URL`.
//
// Usage: node diff.mjs --ours <urlkit whatwg_href binary> [--expected FILE] [--lists FILE...]
//
// Without --lists: the inputs are WPT's urltestdata.json and ada's extra urltestdata (with
// their bases), a generated corpus of 10,000 URLs (deterministic, seeded), and the samples of
// real lists in testdata/urls-sample-whatwg/. Each input is parsed by urlkit (one process for
// the batch, JSON Lines on stdin) and by `new URL(input, base)` here; the href (or failure)
// must be the same, except for the disagreements listed in --expected ("id<TAB>reason" per
// line), which must still disagree. Ends with "N passed, N failed"; exits 1 on any
// unexpected result.
//
// With --lists: every line of the given files instead, reported as agreement counts only.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { generateCorpus } from "./corpus.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

function arg(name) {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}
const ours = arg("--ours");
if (!ours) {
  console.error("usage: node diff.mjs --ours BINARY [--expected FILE] [--lists FILE...]");
  process.exit(2);
}
const listsAt = process.argv.indexOf("--lists");
const lists = listsAt < 0 ? [] : process.argv.slice(listsAt + 1);

function linesOf(path) {
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

const cases = []; // {id, input, base}
if (lists.length) {
  for (const file of lists) {
    linesOf(file).forEach((input, i) =>
      cases.push({ id: `list:${basename(file, ".txt")}:${i + 1}`, input, base: null }),
    );
  }
} else {
  for (const [tag, file] of [
    ["wpt", "testdata/wpt/urltestdata.json"],
    ["ada", "testdata/ada/ada_extra_urltestdata.json"],
  ]) {
    JSON.parse(readFileSync(join(root, file), "utf8")).forEach((c, i) => {
      if (typeof c === "string") return;
      cases.push({ id: `${tag}:${String(i).padStart(4, "0")}`, input: c.input, base: c.base });
    });
  }
  generateCorpus(10000, 20241129).forEach((input, i) =>
    cases.push({ id: `gen:${String(i).padStart(5, "0")}`, input, base: null }),
  );
  const sampleDir = join(root, "testdata/urls-sample-whatwg");
  for (const name of ["kasztp", "userbait", "node_files", "isaacs_files"]) {
    linesOf(join(sampleDir, `${name}.txt`)).forEach((input, i) =>
      cases.push({ id: `sample:${name}:${String(i + 1).padStart(3, "0")}`, input, base: null }),
    );
  }
}

// urlkit: one process for the whole batch.
const stdin = cases.map((c) => JSON.stringify({ input: c.input, base: c.base })).join("\n") + "\n";
const run = spawnSync(ours, [], { input: stdin, maxBuffer: 1 << 30, encoding: "utf8" });
if (run.status !== 0) {
  console.error(`urlkit failed (status ${run.status}): ${run.stderr}`);
  process.exit(2);
}
const theirs = run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
if (theirs.length !== cases.length) {
  console.error(`urlkit wrote ${theirs.length} records for ${cases.length} inputs`);
  process.exit(2);
}

function nodeHref(input, base) {
  try {
    return new URL(input, base ?? undefined).href;
  } catch {
    return null;
  }
}

const expected = new Map();
const expectedFile = arg("--expected");
if (expectedFile && !lists.length) {
  for (const line of readFileSync(expectedFile, "utf8").split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const tab = line.indexOf("\t");
    if (tab < 0) throw new Error(`no reason on line: ${line}`);
    expected.set(line.slice(0, tab), line.slice(tab + 1));
  }
}

const show = (v) => (v === null ? "failure" : JSON.stringify(v));
let passed = 0;
let failed = 0;
let agree = 0;
let bothAccept = 0;
const bySource = new Map();
const disagreements = [];
cases.forEach((c, i) => {
  const node = nodeHref(c.input, c.base);
  const ourHref = theirs[i].failure ? null : theirs[i].href;
  const same = node === ourHref;
  const source = c.id.split(":").slice(0, -1).join(":");
  const s = bySource.get(source) ?? { total: 0, agree: 0 };
  s.total += 1;
  if (same) s.agree += 1;
  bySource.set(source, s);
  if (same) agree += 1;
  if (node !== null && ourHref !== null) bothAccept += 1;
  if (!same) disagreements.push({ ...c, node, ours: ourHref });
  const listed = expected.has(c.id);
  if (lists.length) return;
  if (same && listed) {
    failed += 1;
    console.log(`UNEXPECTED AGREEMENT ${c.id} (listed: ${expected.get(c.id)}): remove it from the list`);
  } else if (!same && !listed) {
    failed += 1;
    console.log(
      `UNEXPECTED DISAGREEMENT ${c.id} input=${JSON.stringify(c.input)} base=${JSON.stringify(c.base)}\n` +
        `  urlkit: ${show(ourHref)}\n  node:   ${show(node)}`,
    );
  } else {
    passed += 1;
  }
});
const stale = [...expected.keys()].filter((id) => !cases.some((c) => c.id === id));
for (const id of stale) {
  failed += 1;
  console.log(`LISTED BUT NOT AN INPUT ${id}`);
}

console.log(`Node ${process.version} vs urlkit (ada-url crate), ${cases.length} inputs:`);
for (const [source, s] of bySource) {
  console.log(`  ${source.padEnd(22)} ${s.agree}/${s.total} agree`);
}
console.log(`  both accept: ${bothAccept}; disagreements: ${disagreements.length}`);
if (lists.length || process.argv.includes("--show")) {
  for (const d of disagreements) {
    console.log(`  ${d.id}\t${JSON.stringify(d.input)}\turlkit=${show(d.ours)}\tnode=${show(d.node)}`);
  }
}
if (!lists.length) {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
