// The differential test of urlkit.wasm (issue 32): the same requests through the module in
// Node and through the same Rust function natively (crates/urlkit-wasm/examples/answer.rs);
// every answer must be equal, status and JSON. The corpus is the project's URL lists and the
// WPT URL and IDNA inputs (testdata/), with non-ASCII, percent-encoded and malformed spellings
// derived from them, since the module once answered wrong only for non-ASCII input.
//
//   WASM=target/site/urlkit.wasm ANSWER=target/debug/examples/answer node tests/wasm/differential.mjs
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const root = new URL("../..", import.meta.url).pathname;
const UrlkitWasm = require(join(root, "crates/urlkit-wasm/js/urlkit.js"));
const wasmPath = process.env.WASM || join(root, "target/site/urlkit.wasm");
const answerBin = process.env.ANSWER;
if (!answerBin) {
  console.error("differential: set ANSWER to the native examples/answer binary");
  process.exit(2);
}

// ---- the corpus: inputs ------------------------------------------------------------------
const inputs = new Set();
for (const dir of ["testdata/urls-sample", "testdata/urls-sample-whatwg"]) {
  for (const f of readdirSync(join(root, dir)).filter((f) => f.endsWith(".txt"))) {
    for (const line of readFileSync(join(root, dir, f), "utf8").split("\n")) if (line) inputs.add(line);
  }
}
for (const f of ["testdata/wpt/urltestdata.json", "testdata/ada/ada_extra_urltestdata.json"]) {
  for (const t of JSON.parse(readFileSync(join(root, f), "utf8"))) {
    if (typeof t === "object" && typeof t.input === "string") inputs.add(t.input);
  }
}
for (const t of JSON.parse(readFileSync(join(root, "testdata/wpt/toascii.json"), "utf8"))) {
  if (typeof t === "object" && typeof t.input === "string") inputs.add(`https://${t.input}/x`);
}
// Respellings: the host in Unicode, the path in Japanese raw and escaped, lowercase hex,
// a malformed escape, a space, invalid UTF-8 once decoded.
const respell = [
  (u) => u.replace(/^(https?:\/\/)([^/?#]*)/, "$1日本語.$2"),
  (u) => u + (u.includes("?") ? "&" : "?") + "q=東京 カフェ&x=ä",
  (u) => u.replace(/([^/])$/, "$1/運営者情報/%e9%81%8b%E5%96%B6"),
  (u) => u + "%zz%8A%2e%2E/..",
  (u) => u.toUpperCase(),
];
const base = [...inputs];
base.forEach((u, i) => inputs.add(respell[i % respell.length](u)));
for (const u of ["", " ", "\u0000", "https://例え.jp/", "https://日本語.jp/a b?q=ä#x", "https://ｅｘａｍｐｌｅ.com/", "http://[::1]/", "https://xn--/"]) inputs.add(u);

// ---- the requests ------------------------------------------------------------------------
const requests = [];
for (const url of inputs) {
  requests.push({ endpoint: "whatwg", body: { url } });
  requests.push({ endpoint: "key", body: { url } });
}
requests.push({ endpoint: "nope", body: { url: "x" } });
requests.push({ endpoint: "key", body: {} });

// ---- the two doors -----------------------------------------------------------------------
const native = spawnSync(answerBin, [], {
  input: requests.map((r) => JSON.stringify(r)).join("\n") + "\n",
  maxBuffer: 1 << 30,
  encoding: "utf8",
});
if (native.status !== 0) {
  console.error("differential: the native side failed:", native.stderr);
  process.exit(2);
}
const nativeAnswers = native.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
if (nativeAnswers.length !== requests.length) {
  console.error(`differential: ${requests.length} requests, ${nativeAnswers.length} native answers`);
  process.exit(2);
}

const urlkit = await UrlkitWasm.load(readFileSync(wasmPath));
// Equal once parsed: the same JSON with keys in any order.
const sorted = (v) => (Array.isArray(v) ? v.map(sorted) : v && typeof v === "object"
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);
const canon = (v) => JSON.stringify(sorted(v));
let differences = 0;
let traps = 0;
const byEndpoint = {};
requests.forEach((r, i) => {
  const { status, v } = urlkit.call(r.endpoint, r.body);
  const wasm = { status, body: v };
  byEndpoint[r.endpoint] = (byEndpoint[r.endpoint] || 0) + 1;
  if (canon(wasm) !== canon(nativeAnswers[i])) {
    differences++;
    if (status === 500 && nativeAnswers[i].status !== 500) traps++;
    if (differences <= 20) {
      console.log(`DIFFERENT ${r.endpoint} ${JSON.stringify(r.body)}\n  native: ${canon(nativeAnswers[i])}\n  wasm:   ${canon(wasm)}`);
    }
  }
});
console.log(`differential: ${requests.length} requests (${inputs.size} inputs; ${Object.entries(byEndpoint).map(([k, n]) => `${k} ${n}`).join(", ")}), ${differences} differences (${traps} of them a trap or panic in the module, ${differences - traps} a different answer)`);
process.exit(differences === 0 ? 0 : 1);
