// The differential test of urlkit.wasm (issue 32): the same requests through the module in
// Node and through the same Rust function natively (crates/urlkit-wasm/examples/answer.rs);
// every answer must be equal, status and JSON. Every endpoint the page uses is asked, over the
// cross-surface corpus (python/tests/test_surfaces.py's inputs) and the WPT URL and IDNA
// inputs with non-ASCII, percent-encoded and malformed spellings derived from them, since the
// module once answered wrong only for non-ASCII input.
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

// ---- the corpus ----------------------------------------------------------------------------
// 1. The cross-surface corpus (python/tests/test_surfaces.py, the same inputs, built the same
//    way): every line of the real lists in testdata/urls-sample, and bad input generated from a
//    sample of them (whitespace, control characters, upper case, escaped slashes), file names,
//    odd lines, inputs that begin with a byte order mark.
// Python's str.splitlines: the line breaks it knows, no empty last line.
const splitlines = (text) => {
  const out = text.split(/\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (out.length && out[out.length - 1] === "") out.pop();
  return out;
};
const real = [];
for (const f of readdirSync(join(root, "testdata/urls-sample")).filter((f) => f.endsWith(".txt")).sort()) {
  real.push(...splitlines(readFileSync(join(root, "testdata/urls-sample", f), "utf8")));
}
const FILE_NAMES = ["urls.txt", "list.csv", "wp-sitemap.xml", "./export/posts.json", "C:\\Users\\me\\Desktop\\urls.txt",
  "~/Downloads/sitemap.xml", "testdata/urls-sample/kasztp.txt", "file.name with spaces.txt"];
const ODD = ["", "not a url", "http://[::1", "%zz", "100%", "a b&c=d/e?f#g+h~!'()*", "https://例え.jp/パス?q=値#f",
  "HTTP://EXAMPLE.COM:80/%7e/./a/../b", "javascript:alert(1)", "mailto:someone@example.com", "//host/path", "http://a/b%2Fc",
  "http://a/%E9%81%8B%zz", "https://example.com/?q=%8AO%91%95%95s%97%C7", "http://0x7f.1/", "http://example.com\\path",
  "https://xn--wgv71a119e.jp/", "http://a/\u00e9\u0301", "http://a/e\u0301", "https://example.com/a+b?c=d+e"];
const WHITESPACE = [" ", "\t", "  \t ", "\u3000", "\u00a0", "\u2003", "\u0085", "\u200b"];
const CONTROLS = ["\x00", "\x01", "\x1b", "\x7f", "\u0080", "\u009f", "\u202e", "\u2028"];
const BOM_INPUTS = ["\ufeffhttps://example.com/", "\ufeff https://example.com/a ", "\ufeff", "\ufeff\ufeffhttp://a/", "\ufeffa%20b", "\ufeffnot a url"];
function generated(lines) {
  const step = Math.max(1, Math.floor(lines.length / 120));
  const sample = lines.filter((_, i) => i % step === 0).slice(0, 120);
  const out = [...FILE_NAMES, ...ODD, ...WHITESPACE, WHITESPACE.join("")];
  sample.forEach((u, i) => {
    const w = WHITESPACE[i % WHITESPACE.length];
    const c = CONTROLS[i % CONTROLS.length];
    const cps = [...u];
    const half = Math.floor(cps.length / 2);
    let slashes = 0;
    out.push(` ${u}`, `${u} `, `${w}${u}${w}`, cps.slice(0, half).join("") + c + cps.slice(half).join(""), `${c}${u}`,
      u.toUpperCase(), u.replace(/\//g, (m) => (slashes++ < 3 ? "%2F" : m)));
  });
  return out.filter((l) => !l.includes("\n"));
}
const surface = [...real, ...generated(real), ...BOM_INPUTS];

// 2. The WPT URL and IDNA inputs (testdata/wpt, testdata/ada) and the project's WHATWG lists,
//    with non-ASCII, percent-encoded and malformed spellings derived from them: the module once
//    answered wrong only for non-ASCII input (docs/wasm.md).
const wpt = new Set();
for (const f of readdirSync(join(root, "testdata/urls-sample-whatwg")).filter((f) => f.endsWith(".txt"))) {
  for (const line of readFileSync(join(root, "testdata/urls-sample-whatwg", f), "utf8").split("\n")) if (line) wpt.add(line);
}
for (const f of ["testdata/wpt/urltestdata.json", "testdata/ada/ada_extra_urltestdata.json"]) {
  for (const t of JSON.parse(readFileSync(join(root, f), "utf8"))) {
    if (typeof t === "object" && typeof t.input === "string") wpt.add(t.input);
  }
}
for (const t of JSON.parse(readFileSync(join(root, "testdata/wpt/toascii.json"), "utf8"))) {
  if (typeof t === "object" && typeof t.input === "string") wpt.add(`https://${t.input}/x`);
}
const respell = [
  (u) => u.replace(/^(https?:\/\/)([^/?#]*)/, "$1日本語.$2"),
  (u) => u + (u.includes("?") ? "&" : "?") + "q=東京 カフェ&x=ä",
  (u) => u.replace(/([^/])$/, "$1/運営者情報/%e9%81%8b%E5%96%B6"),
  (u) => u + "%zz%8A%2e%2E/..",
  (u) => u.toUpperCase(),
];
[...wpt].forEach((u, i) => wpt.add(respell[i % respell.length](u)));
for (const u of ["", " ", "\u0000", "https://例え.jp/", "https://日本語.jp/a b?q=ä#x", "https://ｅｘａｍｐｌｅ.com/", "http://[::1]/", "https://xn--/"]) wpt.add(u);

// ---- the requests: every endpoint the page uses ------------------------------------------
// As the cross-surface test asks the server (the same fields and levels), plus the page's
// other endpoints over the same inputs.
const requests = [];
const ask = (endpoint, body) => requests.push({ endpoint, body });
const LEVELS = ["exact", "safe", "normal", "loose", "whatwg"];
for (const url of surface) {
  for (const level of LEVELS) ask("key", { url, level });
  for (const level of ["safe", "loose"]) for (const to of ["uri", "iri"]) ask("normalize", { url, level, to });
  ask("repair", { url });
  ask("decode", { text: url });
  ask("encode", { text: url });
  ask("parse", { url });
  ask("build", { base: url, segments: ["a b/c", "運営", "100%"], params: ["k=v w", "q=日本&x", "empty"], fragment: "f g#h" });
  ask("convert", { text: url });
  ask("lint-fix", { url });
  ask("lint-fix", { url, fixes: "unsafe" });
  for (const mode of ["attachment", "inline", "parse"]) ask("content-disposition", { text: url, mode });
  for (const way of ["encode", "decode"]) for (const reading of ["strict", "lenient"]) ask("base64", { text: url, way, reading, alphabet: way === "encode" ? "url" : "standard" });
  ask("permalink", { fields: { p: "compare", l: "ja", a: url, b: url.toLowerCase() } });
  ask("permalink", { fragment: url });
}
surface.forEach((a, i) => {
  for (const b of [surface[(i + 1) % surface.length], a.toLowerCase()]) {
    for (const level of ["safe", "normal"]) ask("compare", { a, b, level });
  }
});
for (let i = 0; i < surface.length; i += 500) ask("lint", { urls: surface.slice(i, i + 500) });
ask("lint", { urls: surface.slice(0, 1001) }); // too many
ask("lint", { urls: surface.slice(0, 50), select: "style" });
// The 31 flavors' table, the characters' explanation and the round-trip matrix (2 components x
// encoders x decoders a value) cost the most natively, in the debug build the test runs: they
// are asked over every third input (each kind of generated input is there), the matrix over
// every 16th, 8 values a request.
const third = surface.filter((_, i) => i % 3 === 0);
for (const text of third) {
  ask("table", { text });
  ask("explain", { text });
}
const sixteenth = surface.filter((_, i) => i % 16 === 0);
for (let i = 0; i < sixteenth.length; i += 8) ask("roundtrip", { values: sixteenth.slice(i, i + 8) });
ask("roundtrip", { values: [] });
// Every sample value as a segment, a parameter and the fragment; QR codes of a sample.
surface.filter((_, i) => i % 7 === 0).forEach((v) => {
  ask("build", { base: "https://example.com/", segments: [v], params: [`q=${v}`], fragment: v });
  ask("qr", { text: v });
});
ask("qr", { text: "x".repeat(3000) });
// Every rule's doc, both languages (the codes of the Japanese rule docs).
const codes = [...readFileSync(join(root, "crates/urlkit-l10n/locales/ja/rules.ftl"), "utf8").matchAll(/^## (U\d{4}) /gm)].map((m) => m[1]);
for (const rule of [...codes, "no-such-rule"]) for (const lang of ["en", "ja"]) ask("lint-rule", { rule, lang });
for (const lang of ["en", "ja", "fr", undefined]) ask("messages", { lang });
// Reconcile: overlapping slices of the corpus at every level and in every format (the module
// joins on one thread, the native call on every core: the answer must not depend on it), the
// example site's CSV and WordPress JSON under their names and pasted, and lists that cannot
// be read.
const levels = ["exact", "safe", "normal", "loose", "whatwg"];
for (let i = 0; i + 150 <= surface.length; i += 400) {
  const left = surface.slice(i, i + 100).join("\n"), right = surface.slice(i + 50, i + 150).join("\n");
  for (const format of ["json", "text", "csv", "markdown"]) ask("reconcile", { left, right, format, level: levels[(i / 400) % levels.length] });
}
const csv = readFileSync(join(root, "examples/wordpress-site/local-list.csv"), "utf8");
const posts = readFileSync(join(root, "examples/wordpress-site/wp-json/posts.json"), "utf8");
for (const format of ["json", "text", "csv", "markdown"]) {
  ask("reconcile", { left: csv, right: posts, left_name: "local-list.csv", right_name: "posts.json", format });
  ask("reconcile", { left: csv, right: posts, format });
}
ask("reconcile", { left: csv, right: "# nothing yet", format: "json" });
// A sitemap index in memory: its children are never fetched (the module has no network).
const index = readFileSync(join(root, "examples/wordpress-site/wp-sitemap.xml"), "utf8");
ask("reconcile", { left: index, left_name: "wp-sitemap.xml", right: csv, right_name: "local-list.csv", format: "json" });
ask("reconcile", { left: "{", right: posts, left_name: "broken.json" });
ask("reconcile", { left: csv, right: posts, level: "tight" });
ask("reconcile", { left: "https://e.example/a\n".repeat(200001), right: posts });
// Scan: every file of the scan suite (each language's buggy and fixed code, the corpus), with
// its language named and guessed, and requests the scanner refuses.
const scanLanguages = { py: "python", js: "javascript", mjs: "javascript", ts: "typescript", tsx: "tsx", go: "go", php: "php" };
const scanFiles = [];
(function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (scanLanguages[e.name.split(".").pop()]) scanFiles.push(p);
  }
})(join(root, "testdata/scan"));
if (scanFiles.length < 20) {
  console.error(`differential: only ${scanFiles.length} files under testdata/scan`);
  process.exit(2);
}
for (const file of scanFiles) {
  const code = readFileSync(file, "utf8");
  ask("scan", { code, language: scanLanguages[file.split(".").pop()] });
  // The default language (Python) on every file, and the records' file name.
  ask("scan", { code, file: file.slice(root.length + 1) });
}
ask("scan", { code: "x", language: "cobol" });
ask("scan", {});
// The WPT corpus through parse (the WHATWG reading and RFC 3986 side by side) and key.
for (const url of wpt) {
  ask("parse", { url });
  ask("key", { url, level: "whatwg" });
}
// Bad requests.
ask("nope", { url: "x" });
ask("key", {});
ask("key", { url: 3 });
ask("compare", { a: "x:", b: "y:", level: "tight" });
ask("encode", { text: "x".repeat(20000) });
const inputs = { size: surface.length + wpt.size };
// Every endpoint the page calls (`api("NAME"` in app.js) is asked here.
const pageCalls = new Set([...readFileSync(join(root, "crates/urlkit-web/assets/app.js"), "utf8").matchAll(/\bapi\("([a-z0-9-]+)"/g)].map((m) => m[1]));
const unasked = [...pageCalls].filter((name) => !requests.some((r) => r.endpoint === name));
if (pageCalls.size < 10 || unasked.length) {
  console.error(`differential: the page calls ${[...pageCalls].join(", ")}; not asked here: ${unasked.join(", ")}`);
  process.exit(2);
}

// ---- the two doors -----------------------------------------------------------------------
const started = Date.now();
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

const nativeMs = Date.now() - started;
const urlkit = await UrlkitWasm.load(readFileSync(wasmPath));
// Equal once parsed: the same JSON with keys in any order.
const sorted = (v) => (Array.isArray(v) ? v.map(sorted) : v && typeof v === "object"
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);
const canon = (v) => JSON.stringify(sorted(v));
let differences = 0;
let traps = 0;
const byEndpoint = {};
for (const [i, r] of requests.entries()) {
  const { status, v } = await urlkit.call(r.endpoint, r.body);
  const wasm = { status, body: v };
  byEndpoint[r.endpoint] = (byEndpoint[r.endpoint] || 0) + 1;
  if (canon(wasm) !== canon(nativeAnswers[i])) {
    differences++;
    if (status === 500 && nativeAnswers[i].status !== 500) traps++;
    if (differences <= 20) {
      console.log(`DIFFERENT ${r.endpoint} ${JSON.stringify(r.body)}\n  native: ${canon(nativeAnswers[i])}\n  wasm:   ${canon(wasm)}`);
    }
  }
}
console.log(`differential: native ${(nativeMs / 1000).toFixed(1)} s, module and comparison ${((Date.now() - started - nativeMs) / 1000).toFixed(1)} s`);
console.log(`differential: ${requests.length} requests (${inputs.size} inputs; ${Object.entries(byEndpoint).map(([k, n]) => `${k} ${n}`).join(", ")}), ${differences} differences (${traps} of them a trap or panic in the module, ${differences - traps} a different answer)`);
process.exit(differences === 0 ? 0 : 1);
