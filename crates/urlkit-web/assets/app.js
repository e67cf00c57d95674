// The page of urlkit serve and of the static site: each panel sends its inputs to the API
// (the same records as the CLI's --json) and shows the answer. The API is the server's, or,
// on the static site, the WebAssembly module's (urlkit-wasm.js and urlkit.js, loaded before
// this script): the same request/response functions, chosen here at load time. No other host
// is ever asked for anything. The words come from the API too (messages: Fluent resources of
// crates/urlkit-l10n), in English or Japanese.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}

// The module, when this page is the static site.
const WASM = typeof UrlkitWasm !== "undefined" && UrlkitWasm.ready ? UrlkitWasm.ready : null;

async function api(name, body) {
  if (WASM) return (await WASM).call(name, body);
  const r = await fetch("api/" + name, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const v = await r.json();
  return { status: r.status, v };
}

// Replaces a box's content in one step (the old answer stays until the new one is there).
function show(box, ...nodes) {
  box.replaceChildren(...nodes.flat().filter((n) => n !== null && n !== undefined));
}

function apiError(v) {
  const e = v.error || {};
  return el("p", { class: "error" }, `${e.kind || t("error")}: ${e.message || ""}`);
}

// ---- words: every message of the page's language, from the API ----
let LANG = "en";
let MESSAGES = {};
// A message by id. The ids the page uses are checked against every language by a test of
// crates/urlkit-l10n; one that is missing still shows, as its id, rather than nothing.
const t = (id) => (id in MESSAGES ? MESSAGES[id] : id);

// Places the messages into every element that names one (data-l10n-id), value and attributes.
function applyMessages(root) {
  for (const e of (root || document).querySelectorAll("[data-l10n-id]")) {
    const id = e.dataset.l10nId;
    if (id in MESSAGES) e.textContent = MESSAGES[id];
    for (const a of ["aria-label", "title", "placeholder"]) if (`${id}.${a}` in MESSAGES) e.setAttribute(a, MESSAGES[`${id}.${a}`]);
  }
}

async function setLanguage(lang) {
  const { status, v } = await api("messages", { lang });
  if (status !== 200) return;
  LANG = v.lang;
  MESSAGES = v.messages;
  document.documentElement.lang = LANG;
  $("lang").value = LANG;
  applyMessages();
}

// The browser's first language that the page speaks, else English.
function browserLanguage() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const primary = String(l).toLowerCase().split("-")[0];
    if (primary === "ja" || primary === "en") return primary;
  }
  return "en";
}

// A copy button for an output box: copies what the box shows.
function copyButton(box) {
  const b = el("button", { type: "button", class: "copy", "data-l10n-id": "copy", "aria-describedby": box.id }, t("copy"));
  b.addEventListener("click", async () => {
    const text = box.innerText;
    try {
      await navigator.clipboard.writeText(text);
    } catch (_) {
      // No clipboard API (an insecure context): select the text and copy it the old way.
      const ta = el("textarea", { class: "offscreen", readonly: "" });
      ta.value = text;
      document.body.append(ta);
      ta.select();
      document.execCommand("copy");
      ta.remove();
    }
    b.textContent = t("copied");
    setTimeout(() => { b.textContent = t("copy"); }, 1500);
  });
  return b;
}

// Byte offset in the UTF-8 of `text` -> index in the JS string.
function charIndex(text, byteOffset) {
  const enc = new TextEncoder();
  let bytes = 0;
  let i = 0;
  for (const ch of text) {
    if (bytes >= byteOffset) return i;
    bytes += enc.encode(ch).length;
    i += ch.length;
  }
  return i;
}

// The text with the character at byte `offset` (or the end) marked.
function marked(text, offset, cls) {
  const i = charIndex(text, offset);
  const ch = [...text.slice(i)][0] || " ";
  return el("span", { class: "mono" }, text.slice(0, i), el("mark", { class: cls || "err" }, ch === " " ? "\u2420" : ch), text.slice(i + ch.length));
}

function errorRecord(rec) {
  const e = rec.error || {};
  const where = e.offset === null || e.offset === undefined ? null : marked(rec.input || "", e.offset);
  return el("div", { class: "error" },
    el("p", {}, `${e.kind}: ${e.message}`, e.offset === null || e.offset === undefined ? "" : ` (byte ${e.offset})`),
    where);
}

// Answers can come back out of order: each panel shows only the answer to its latest request.
const seq = {};
function ticket(key) {
  const n = (seq[key] = (seq[key] || 0) + 1);
  return () => seq[key] === n;
}

function debounce(fn, ms) {
  let timer = null;
  return () => { clearTimeout(timer); timer = setTimeout(fn, ms); };
}

// ---- permalinks: the panel and its fields in the fragment, written by urlkit's form set ----
const state = { panel: "encode" };
let restoring = false;

async function savePermalink(panel, fields) {
  if (restoring || panel !== state.panel) return;
  const { status, v } = await api("permalink", { fields: Object.assign({ p: panel, l: LANG }, fields) });
  if (status === 200) {
    history.replaceState(null, "", "#" + v.fragment);
    $("permalink").setAttribute("href", "#" + v.fragment);
  }
}

// ---- Encode ----
// A kind the page has no words for yet (a newer engine) shows the record's own message.
function pageWarning(w) {
  const id = "enc-warning-" + w.kind;
  return id in MESSAGES ? `${t(id)} (${t("enc-warning-at")} ${w.offset})` : w.message;
}

async function encodePanel() {
  const fresh = ticket("encode");
  const text = $("enc-text").value;
  savePermalink("encode", { text });
  const [tbl, x, e] = await Promise.all([api("table", { text }), api("explain", { text }), api("encode", { text })]);
  if (!fresh()) return;
  const warned = e.status === 200 && e.v.ok && e.v.warnings ? e.v.warnings : [];
  // The page's own sentence per warning kind: the record's message gives the CLI's remedies
  // (--once, urlkit normalize), which a page user cannot act on.
  show($("enc-warnings"), warned.map((w) => el("p", { class: "bad", "data-warning": w.kind }, pageWarning(w))));
  if (tbl.status !== 200) return show($("enc-out"), apiError(tbl.v));
  const chars = x.status === 200 ? x.v.output.characters : [];
  const rfcOf = new Map(chars.map((c) => [c.char, c.sets.unreserved === "kept" ? c.char : c.sets.unreserved]));
  const rows = [el("tr", { "data-flavor": "rfc3986" }, el("td", {}, "rfc3986"), el("td", { class: "output" }, tbl.v.rfc3986), el("td", { class: "diffs" }, ""))];
  for (const f of tbl.v.flavors) {
    let cell;
    if (f.error !== undefined) {
      cell = el("td", { class: "output error" }, f.error);
    } else if (f.differs_from_rfc3986) {
      const d = f.differs_from_rfc3986;
      const pieces = [...text].map((c) => (c in d ? [d[c], true] : [rfcOf.get(c) ?? c, false]));
      const joined = pieces.map((p) => p[0]).join("");
      cell = joined === f.output
        ? el("td", { class: "output" }, pieces.map(([p, diff]) => (diff ? el("mark", { class: "diff" }, p) : p)))
        : el("td", { class: "output" }, f.output);
    } else {
      cell = el("td", { class: "output" }, f.output);
    }
    const d = f.differs_from_rfc3986;
    const diffs = d === undefined ? "" : Object.keys(d).length === 0 ? t("same-as-rfc3986")
      : Object.entries(d).map(([c, s]) => `${c === " " ? t("space") : c}→${s}`).join(" ");
    rows.push(el("tr", { "data-flavor": f.flavor }, el("td", {}, f.flavor), cell, el("td", { class: "diffs" }, diffs)));
  }
  show($("enc-out"), el("table", { class: "flavors", id: "enc-table" },
    el("colgroup", {}, el("col", { class: "name" }), el("col", {}), el("col", { class: "diffs" })),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("col-flavor")), el("th", { scope: "col" }, t("col-output")), el("th", { scope: "col", class: "diffs" }, t("col-differs")))),
    el("tbody", {}, rows)));
  if (x.status !== 200) return show($("enc-explain"), x.v.error ? errorRecord(x.v) : "");
  const sets = chars.length ? Object.keys(chars[0].sets) : [];
  const sym = (v) => (v === "kept" ? "·" : v === "+" ? "+" : v);
  show($("enc-explain"), el("table", { class: "chars" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("col-char")), el("th", { scope: "col" }, t("col-code")), el("th", { scope: "col" }, t("col-utf8")), sets.map((s) => el("th", { scope: "col" }, s)))),
    el("tbody", {}, chars.map((c) => el("tr", {},
      el("td", {}, c.char === " " ? "SP" : c.char), el("td", {}, c.code_point), el("td", {}, c.utf8),
      sets.map((s) => el("td", { class: c.sets[s] === "kept" ? "" : "bad" }, sym(c.sets[s]))))))));
}

// ---- Decode ----
async function decodePanel() {
  const fresh = ticket("decode");
  const text = $("dec-text").value;
  savePermalink("decode", { text });
  const [d, r, c] = await Promise.all([api("decode", { text }), api("repair", { url: text }), api("convert", { text })]);
  if (!fresh()) return;
  if (c.status === 200 && c.v.ok) {
    show($("dec-convert"), el("table", { id: "convert-table" }, el("tbody", {}, c.v.readings.map((g) => {
      const failed = Object.entries(g.checks).filter(([, v]) => !v).map(([k]) => k.replace(/_/g, " "));
      return el("tr", { class: g.plausible ? "ok" : "", "data-reading": g.name },
        el("td", {}, g.plausible ? "+" : "-"), el("th", { scope: "row" }, g.name),
        el("td", { class: "mono" }, g.output ?? g.error), el("td", { class: "hint" }, g.plausible || g.error ? "" : failed.join(", ")));
    }))));
  } else {
    show($("dec-convert"), c.v.ok === false ? errorRecord(c.v) : apiError(c.v));
  }
  if (d.status !== 200) return show($("dec-out"), apiError(d.v));
  show($("dec-out"), el("div", { class: "cols3" }, ["strict", "lenient", "form"].map((m) => {
    const rec = d.v[m];
    return el("div", { class: "card", "data-mode": m }, el("h4", {}, t("mode-" + m)),
      rec.ok ? el("div", { class: "value" }, rec.output) : errorRecord(rec),
      rec.warning ? el("p", { class: "hint" }, rec.warning.message) : null);
  })));
  if (r.status === 422) return show($("dec-repair"), el("p", { class: "hint" }, t("repair-needs-url"), " ", errorRecord(r.v)));
  if (r.status !== 200) return show($("dec-repair"), apiError(r.v));
  const v = r.v;
  show($("dec-repair"),
    el("p", {}, t("verdict"), " ", el("strong", { id: "repair-verdict", "data-verdict": v.verdict }, t("repair-verdict-" + v.verdict)), v.charset ? ` (${v.charset})` : ""),
    v.verdict === "repaired" ? el("p", {}, t("repaired"), " ", el("span", { class: "mono" }, v.output)) : null,
    v.steps.length ? el("ul", {}, v.steps.map((s) => el("li", {}, s.message))) : null,
    v.candidates.length ? el("table", {},
      el("thead", {}, el("tr", {}, ["col-charset", "col-score", "col-kept", "col-reading", "col-evidence"].map((h) => el("th", { scope: "col" }, t(h))))),
      el("tbody", {}, v.candidates.map((c) => el("tr", {},
        el("td", {}, c.charset, c.same_as.length ? ` (= ${c.same_as.join(", ")})` : ""), el("td", {}, c.score), el("td", {}, c.kept ? t("yes") : t("no")),
        el("td", {}, c.texts.join(" / ")), el("td", {}, c.evidence.map((e) => `${e.points > 0 ? "+" : ""}${e.points} ${e.reason}`).join("; ")))))) : null);
}

// ---- Compare ----
const LADDER = ["exact", "safe", "normal", "loose"];

async function comparePanel() {
  const fresh = ticket("compare");
  const a = $("cmp-a").value, b = $("cmp-b").value, level = $("cmp-level").value;
  savePermalink("compare", { a, b, level });
  const [c, pa, pb] = await Promise.all([api("compare", { a, b, level }), api("parse", { url: a }), api("parse", { url: b })]);
  if (!fresh()) return;
  if (c.status === 422) show($("cmp-out"), errorRecord(c.v));
  else if (c.status !== 200) show($("cmp-out"), apiError(c.v));
  else {
    const v = c.v;
    const low = v.lowest_equal_level ? LADDER.indexOf(v.lowest_equal_level) : -1;
    const ladder = el("ul", { class: "ladder", "data-l10n-id": "ladder", "aria-label": t("ladder.aria-label") },
      LADDER.map((l, i) => { const eq = low >= 0 && i >= low; return el("li", { class: eq ? "eq" : "ne", "data-level": l }, `${l}: ${eq ? t("ladder-equal") : t("ladder-different")}`); }),
      el("li", { class: v.whatwg_equal ? "eq" : "ne", "data-level": "browser" }, `${t("browser")}: ${v.whatwg_equal === null ? t("browser-rejects") : v.whatwg_equal ? t("browser-same") : t("browser-different")}`));
    const diff = v.difference ? el("div", { id: "cmp-difference" }, el("p", {}, t("cmp-difference"), " ", el("strong", { "data-component": v.difference.component }, t("component-" + v.difference.component))),
      el("p", {}, "A: ", marked(v.a, v.difference.offset_a, "diff")), el("p", {}, "B: ", marked(v.b, v.difference.offset_b, "diff"))) : null;
    show($("cmp-out"),
      el("p", { id: "cmp-verdict", class: v.equal ? "ok" : "bad", "data-equal": String(v.equal), "data-level": v.level },
        t(v.equal ? "cmp-equal" : "cmp-different"), ": ", el("code", {}, v.level)),
      el("p", {}, t("cmp-lowest"), " ", el("code", { id: "cmp-lowest" }, v.lowest_equal_level || t("cmp-lowest-none"))),
      ladder,
      v.rules.length ? el("div", {}, el("p", {}, t("cmp-rules"), " ", el("span", { id: "cmp-rules", class: "mono" }, v.rules.join(", "))),
        el("ul", { id: "cmp-rule-words" }, v.rules.map((r) => el("li", { "data-rule": r }, el("code", {}, r), " ", t("norm-" + r))))) : null,
      diff, el("details", {}, el("summary", {}, t("cmp-report")), el("pre", {}, v.report)));
  }
  show($("cmp-parse"), el("div", { class: "grid2" }, [["A", pa], ["B", pb]].map(([n, p]) => el("div", {}, el("h4", {}, n), parseView(p)))));
}

const PAIRS = [["scheme", "protocol"], ["userinfo", "username"], ["host", "hostname"], ["port", "port"], ["path", "pathname"], ["query", "search"], ["fragment", "hash"]];

function parseView(p) {
  if (p.status !== 200) return p.v.input !== undefined ? errorRecord(p.v) : apiError(p.v);
  const r = p.v.rfc3986, w = p.v.whatwg;
  const rs = r.ok ? r.components || r : r.split || {};
  const norm = (k, x) => (x === null || x === undefined ? "" : k === "protocol" ? x.replace(/:$/, "") : k === "search" || k === "hash" ? x.replace(/^[?#]/, "") : String(x));
  const rows = PAIRS.map(([rk, wk]) => {
    const rv = rs[rk] === undefined ? "" : norm(rk, rs[rk]);
    const wv = w.ok ? norm(wk, w[wk]) : "";
    const dis = r.ok && w.ok && rv !== wv;
    return el("tr", { class: dis ? "disagree" : "" }, el("th", { scope: "row" }, t("component-" + rk)), el("td", {}, rv), el("td", {}, wv), el("td", {}, dis ? "≠" : ""));
  });
  return el("div", {},
    r.ok ? null : el("p", { class: "error" }, t("rfc-rejects"), " ", el("code", {}, r.error.kind), ` (${t("component-" + r.error.component)}, ${t("lint-bytes")} ${r.error.offset})`),
    w.ok ? null : el("p", { class: "error" }, t("browser-rejects-it"), " ", w.error.message),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { scope: "col" }, t("rfc3986")), el("th", { scope: "col" }, t("browser")), el("th", {}, ""))), el("tbody", {}, rows)),
    p.v.findings.map((f) => el("p", { class: "bad" }, `${f.rule}: `, LANG === "en" ? f.message : t(`rule-${f.code}-summary`))));
}

// ---- Lint ----
async function lintPanel() {
  const fresh = ticket("lint");
  const text = $("lint-text").value;
  savePermalink("lint", { urls: text });
  const urls = text.split("\n").filter((u) => u.trim() !== "");
  if (!urls.length) return show($("lint-out"), el("p", { class: "hint" }, t("lint-none-yet")));
  const { status, v } = await api("lint", { urls });
  if (!fresh()) return;
  if (status !== 200) return show($("lint-out"), apiError(v));
  show($("lint-out"), v.records.map((rec, i) => {
    if (!rec.ok) return errorRecord(rec);
    const url = rec.input;
    const line = el("div", { class: "lint-url" }, underline(url, rec.findings));
    const fixable = rec.findings.some((f) => f.fix && f.fix.applicability === "safe");
    return el("div", { class: "lint-rec", "data-line": i + 1 }, line,
      rec.findings.length === 0 ? el("p", { class: "ok finding" }, t("lint-no-findings")) : null,
      rec.findings.map((f) => el("div", { class: "finding" },
        el("span", { class: "lvl " + (f.level === "error" ? "bad" : ""), "data-level": f.level }, t("severity-" + f.level)), " ",
        el("button", { class: "link", type: "button", onclick: async () => { await ruleDoc(f.rule); $("lint-doc").focus(); } }, `${f.code} ${f.rule}`), ": ",
        // In Japanese, the rule's summary first; the finding's own sentence (with its evidence) stays English.
        LANG === "en" ? f.message : [el("span", { class: "summary" }, t(`rule-${f.code}-summary`)), el("br"), el("span", { class: "hint", lang: "en" }, f.message)],
        " ", el("span", { class: "hint" }, `${t("lint-bytes")} ${f.span.start}–${f.span.end}`))),
      fixable ? el("button", { type: "button", class: "fix", onclick: () => applyFix(url) }, t("lint-fix")) : null);
  }));
}

function underline(url, findings) {
  const spans = findings.map((f) => [charIndex(url, f.span.start), charIndex(url, f.span.end)]).sort((x, y) => x[0] - y[0]);
  const out = [];
  let at = 0;
  for (const [s, e] of spans) {
    if (s < at) continue;
    out.push(url.slice(at, s), el("mark", { class: "diff" }, url.slice(s, Math.max(e, s + 1))));
    at = Math.max(e, s + 1);
  }
  out.push(url.slice(at));
  return out;
}

let shownRule = null;

// Shows a rule's documentation. Only the click that asked for it moves the focus there:
// a rerun (a language change) must not take the focus from wherever the user is.
async function ruleDoc(rule) {
  shownRule = rule;
  const { status, v } = await api("lint-rule", { rule, lang: LANG });
  show($("lint-doc"), status === 200 ? [el("h3", {}, `${t("lint-rule-doc")} ${rule}`), el("pre", { id: "lint-rule-doc", lang: LANG }, v.doc)] : apiError(v));
}

async function applyFix(url) {
  const { status, v } = await api("lint-fix", { url });
  if (status !== 200) return show($("lint-doc"), apiError(v));
  const ta = $("lint-text");
  ta.value = ta.value.split("\n").map((l) => (l === url ? v.output : l)).join("\n");
  lintPanel();
}

// ---- Build and round trip ----
const lines = (id) => $(id).value.split("\n").filter((l) => l !== "");

async function buildPanel() {
  const fresh = ticket("build");
  const base = $("bld-base").value, fragment = $("bld-fragment").value;
  const segments = lines("bld-segments"), params = lines("bld-params"), query_style = $("bld-style").value;
  const set_params = lines("bld-set"), remove_params = lines("bld-remove");
  savePermalink("build", { base, segments: $("bld-segments").value, params: $("bld-params").value, set: $("bld-set").value, remove: $("bld-remove").value, fragment, style: query_style });
  const { status, v } = await api("build", { base, segments, params, set_params, remove_params, fragment: fragment === "" ? null : fragment, query_style });
  if (!fresh()) return;
  if (status === 400) return show($("bld-out"), apiError(v));
  if (!v.ok) return show($("bld-out"), errorRecord(v));
  // A browser's url.searchParams.set() writes the whole query again: said, with its URL.
  const rewrite = v.browser_rewrite ? el("div", { class: "card", id: "bld-rewrite" }, el("h4", {}, t("bld-rewrite")), el("div", { class: "value" }, v.browser_rewrite)) : null;
  show($("bld-out"), el("div", { class: "card" }, el("h4", {}, "URI"), el("div", { class: "value", id: "bld-uri" }, v.uri)),
    el("div", { class: "card" }, el("h4", {}, "IRI"), el("div", { class: "value", id: "bld-iri" }, v.iri)), rewrite);
  const q = await api("qr", { text: v.uri });
  if (!fresh()) return;
  if (q.status === 200) {
    const svg = new DOMParser().parseFromString(q.v.svg, "image/svg+xml").documentElement;
    show($("bld-qr"), document.importNode(svg, true));
  } else {
    show($("bld-qr"), errorRecord(q.v));
  }
}

// The matrix is marked aria-busy from the keystroke (before the debounce) until the answer
// for the latest values is shown: a screen reader, and the browser test, wait for it.
function roundtripBusy() {
  $("rt-out").setAttribute("aria-busy", "true");
}

function showRoundtrip(...nodes) {
  $("rt-out").removeAttribute("aria-busy");
  show($("rt-out"), ...nodes);
}

async function roundtripPanel() {
  const fresh = ticket("roundtrip");
  roundtripBusy();
  const values = lines("rt-values");
  savePermalink("build", { base: $("bld-base").value, segments: $("bld-segments").value, params: $("bld-params").value, set: $("bld-set").value, remove: $("bld-remove").value, fragment: $("bld-fragment").value, style: $("bld-style").value, values: $("rt-values").value });
  if (!values.length) return showRoundtrip(el("p", { class: "hint" }, t("rt-none-yet")));
  const { status, v } = await api("roundtrip", { values });
  if (!fresh()) return;
  if (status !== 200) return showRoundtrip(apiError(v));
  const tables = [];
  const lost = [];
  for (const comp of ["path-segment", "query-value"]) {
    const cells = v.records.filter((r) => r.component === comp);
    const encs = [...new Set(cells.map((c) => c.encoder))], decs = [...new Set(cells.map((c) => c.decoder))];
    const by = new Map();
    for (const c of cells) { const k = c.encoder + " " + c.decoder; if (!by.has(k)) by.set(k, []); by.get(k).push(c); }
    tables.push(el("h4", {}, comp), el("table", { class: "matrix", "data-component": comp },
      el("thead", {}, el("tr", {}, el("th", {}, t("rt-corner")), decs.map((d) => el("th", { scope: "col" }, d)))),
      el("tbody", {}, encs.map((e) => el("tr", {}, el("th", { scope: "row" }, e), decs.map((d) => {
        const cs = by.get(e + " " + d) || [];
        const bad = cs.filter((c) => !c.exact);
        const lines = bad.map((c) => `${c.value} → ${c.encoded ?? t("rt-fails")} → ${c.error ?? c.decoded}`);
        for (const l of lines) lost.push(`${comp}: ${e} \\ ${d}: ${l}`);
        return el("td", { class: bad.length ? "lossy" : "exact", title: lines.join("\n") || t("rt-all-back") }, bad.length ? `✗${bad.length}` : "✓");
      }))))));
  }
  // What the ✗ cells hide in their titles, written out: no hover needed.
  showRoundtrip(tables, lost.length ? el("ul", { class: "lost" }, lost.map((l) => el("li", { class: "mono" }, l))) : null);
}

// ---- Reconcile ----
// The report asked for last (its lists and their names), for the downloads.
let lastReport = null;
// The name of the file each side's text came from ("" for pasted text): it tells the
// format as a path's extension does, and names the list in the report.
const recNames = { left: "", right: "" };

function recBody(level) {
  const body = { left: $("rec-left").value, right: $("rec-right").value, level };
  for (const side of ["left", "right"]) if (recNames[side]) body[`${side}_name`] = recNames[side];
  return body;
}

// What a reader found, in the page's words (its kind and where), never the CLI's sentence.
function recFinding(side, f) {
  const id = `rec-finding-${f.kind}`;
  const what = id in MESSAGES ? t(id) : `${t("rec-finding-other")} (${f.kind})`;
  return el("li", { "data-kind": f.kind }, `${t("rec-side-" + side)}${f.position ? ` (${f.position})` : ""}: ${what}`);
}

function recError(v) {
  const e = v.error || {};
  if (e.kind !== "unreadable-list") return apiError(v);
  const id = `rec-error-${e.reason}`;
  return el("p", { class: "error", "data-reason": e.reason, "data-side": e.side },
    `${t("rec-side-" + e.side)}: `, id in MESSAGES ? t(id) : [t("rec-error-unreadable"), ` (${e.reason}: ${e.message})`]);
}

// A missing or extra URL as a row: the readable IRI (and the URL as written, when it differs),
// its title, its type and where it was.
function recRow(status, o) {
  const title = o.fields ? o.fields.title ?? "" : "";
  return el("tr", { "data-status": status },
    el("td", { class: status === "missing" ? "bad" : "" }, t("rec-status-" + status)),
    el("td", { class: "url" }, el("span", { class: "iri" }, o.iri ?? o.url), o.iri ? el("br") : null, o.iri ? el("span", { class: "mono hint written" }, o.url) : null),
    el("td", { class: "title" }, title), el("td", { class: "type" }, o.type ?? ""), el("td", { class: "source mono" }, o.source ?? ""));
}

async function reconcilePanel() {
  const fresh = ticket("reconcile");
  const body = recBody($("rec-level").value);
  const { left, right, level } = body;
  // Long lists stay out of the address: only short ones are shared.
  savePermalink("reconcile", left.length + right.length <= 4000 ? { left, right, level } : { level });
  for (const side of ["left", "right"]) $(`rec-${side}-name`).textContent = recNames[side] ? `${t("rec-from-file")} ${recNames[side]}` : "";
  if (left.trim() === "" || right.trim() === "") return show($("rec-out"), el("p", { class: "hint" }, t("rec-paste-both")));
  const { status, v } = await api("reconcile", Object.assign({ format: "json" }, body));
  if (!fresh()) return;
  if (status !== 200) { lastReport = null; $("rec-csv").disabled = $("rec-md").disabled = true; return show($("rec-out"), recError(v)); }
  lastReport = body;
  $("rec-csv").disabled = $("rec-md").disabled = false;
  const summary = v.records.find((r) => r.type === "summary").summary;
  const rows = v.records.filter((r) => r.type === "missing").map((r) => recRow("missing", r.left))
    .concat(v.records.filter((r) => r.type === "extra").map((r) => recRow("extra", r.right)));
  const sides = ["left", "right"].map((side) => {
    const s = summary[side];
    const formats = s.sources.map((src) => `${src.name}: ${t("rec-format-" + src.format)}, ${src.records} ${t("rec-records")}`).join("; ");
    const told = s.findings.some((f) => f.kind === "format-detected") ? t("rec-told-content") : t("rec-told-name");
    return el("li", { "data-side": side }, `${t("rec-side-" + side)}: ${formats} (${told})`);
  });
  const notes = ["left", "right"].flatMap((side) => summary[side].findings.filter((f) => f.kind !== "format-detected").map((f) => recFinding(side, f)));
  show($("rec-out"),
    el("ul", { id: "rec-sides" }, sides),
    el("p", { id: "rec-counts", "data-matched": summary.matched, "data-missing": summary.only_left, "data-extra": summary.only_right },
      `${t("rec-matched")} ${summary.matched} · ${t("rec-missing")} ${summary.only_left} · ${t("rec-extra")} ${summary.only_right}`),
    notes.length ? el("ul", { id: "rec-notes", class: "hint" }, notes) : null,
    rows.length
      ? el("div", { class: "scroll" }, el("table", { id: "rec-table" },
        el("thead", {}, el("tr", {}, ["rec-col-status", "rec-col-url", "rec-col-title", "rec-col-type", "rec-col-source"].map((h) => el("th", { scope: "col" }, t(h))))),
        el("tbody", {}, rows)))
      : el("p", { class: "ok", id: "rec-all" }, t("rec-all-matched")));
}

// The CSV and Markdown writers run when asked for: a long list's report is written once.
async function downloadReport(format, name, type) {
  if (!lastReport) return;
  const { status, v } = await api("reconcile", Object.assign({}, lastReport, { format }));
  if (status !== 200) return show($("rec-out"), recError(v));
  download(name, type, v.report);
}

function download(name, type, text) {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

// A chosen or dropped file: its text (UTF-8; another encoding is refused, not garbled) and
// its name, which tells its format.
function readFileInto(file, side) {
  const reader = new FileReader();
  reader.onload = () => {
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(reader.result);
    } catch (_) {
      return show($("rec-out"), el("p", { class: "error", "data-reason": "not-utf8" }, `${t("rec-side-" + side)} (${file.name}): ${t("rec-not-utf8")}`));
    }
    $(`rec-${side}`).value = text.replace(/^\uFEFF/, "");
    recNames[side] = file.name;
    reconcilePanel();
  };
  reader.readAsArrayBuffer(file);
}

// ---- Content-Disposition and Base64 ----
async function cdPanel() {
  const fresh = ticket("cd");
  const text = $("cd-text").value, mode = $("cd-mode").value, fallback = $("cd-fallback").value;
  savePermalink("cd", { text, mode, fallback });
  const { status, v } = await api("content-disposition", { text, mode, fallback });
  if (!fresh()) return;
  if (status === 400 || status === 413) return show($("cd-out"), apiError(v));
  if (!v.ok) return show($("cd-out"), errorRecord(v));
  show($("cd-out"), el("pre", { id: "cd-value" }, v.output),
    (v.notes || []).map((n) => el("p", { class: "hint", "data-note": n.kind }, n.message)),
    v.disposition ? el("p", {}, `${t("cd-disposition")} ${v.disposition}, ${t("cd-charset")} ${v.charset ?? "-"}, ${t("cd-fallback")} ${v.fallback ?? "-"}`) : null);
}

async function b64Panel() {
  const fresh = ticket("base64");
  const text = $("b64-text").value, way = $("b64-way").value, alphabet = $("b64-alphabet").value, reading = $("b64-reading").value;
  savePermalink("base64", { text, way, alphabet, reading });
  const { status, v } = await api("base64", { text, way, alphabet, reading });
  if (!fresh()) return;
  if (status === 400 || status === 413) return show($("b64-out"), apiError(v));
  if (!v.ok) return show($("b64-out"), errorRecord(v));
  show($("b64-out"), el("pre", { id: "b64-value" }, v.output),
    v.accepted ? el("p", { class: "hint", id: "b64-accepted" }, v.accepted.map((a) => a.message).join(", ")) : null);
}

async function scanPanel() {
  const fresh = ticket("scan");
  const code = $("scan-code").value, language = $("scan-language").value;
  savePermalink("scan", { code, language });
  if (!code.trim()) return show($("scan-out"), el("p", { class: "hint" }, t("scan-none-yet")));
  const { status, v } = await api("scan", { code, language });
  if (!fresh()) return;
  if (status !== 200) return show($("scan-out"), apiError(v));
  if (!v.records.length) return show($("scan-out"), el("p", { class: "ok finding", id: "scan-clean" }, t("scan-no-findings")));
  show($("scan-out"), v.records.map((f) => el("div", { class: "scan-finding", "data-code": f.code },
    el("p", { class: "finding " + f.level }, el("code", {}, `${f.line}:${f.column}`), " ", el("strong", {}, `${f.code} ${f.rule}`), ": ", f.message),
    el("p", { class: "hint" }, t("scan-evidence"), " ", el("code", {}, f.evidence)))));
}

// ---- wiring ----
const PANELS = {
  encode: { run: encodePanel, fields: { text: "enc-text" }, example: { text: "a b&c=d/e?f#g+h~!'()*日本" } },
  decode: { run: decodePanel, fields: { text: "dec-text" }, example: { text: "https://example.com/?q=%8AO%91%95%95s%97%C7" } },
  compare: { run: comparePanel, fields: { a: "cmp-a", b: "cmp-b", level: "cmp-level" }, example: { a: "https://example.com/%e9%81%8b%e5%96%b6%e8%80%85%e6%83%85%e5%a0%b1/", b: "https://example.com/運営者情報/" } },
  lint: { run: lintPanel, fields: { urls: "lint-text" }, example: { urls: "https://example.com/%e9%81%8b%e5%96%b6/\nhttps://example.com/a%2Fb?session=abc" } },
  build: { run: () => { buildPanel(); roundtripPanel(); }, fields: { base: "bld-base", segments: "bld-segments", params: "bld-params", set: "bld-set", remove: "bld-remove", fragment: "bld-fragment", style: "bld-style", values: "rt-values" }, example: { base: "https://日本語.jp", segments: "パス", params: "q=東京 カフェ", values: "C++\n100%\na/b" } },
  reconcile: { run: reconcilePanel, fields: { left: "rec-left", right: "rec-right", level: "rec-level" }, example: { left: "https://example.com/%E9%81%8B%E5%96%B6/\nhttps://example.com/about/", right: "https://example.com/運営/" } },
  cd: { run: cdPanel, fields: { text: "cd-text", mode: "cd-mode", fallback: "cd-fallback" }, example: { text: "報告書 2026.pdf" } },
  base64: { run: b64Panel, fields: { text: "b64-text", way: "b64-way", alphabet: "b64-alphabet", reading: "b64-reading" }, example: { text: "日本語?>" } },
  scan: { run: scanPanel, fields: { code: "scan-code", language: "scan-language" }, example: { language: "python", code: "from urllib.parse import quote, unquote\n\ndef is_listed(url, sitemap_urls):\n    return url in sitemap_urls\n\nkey = unquote(url)\nlink = 'https://example.com/search?q=' + quote(term)\n" } },
};

function select(panel, focus) {
  state.panel = panel;
  for (const b of document.querySelectorAll("[role=tab]")) {
    const on = b.dataset.panel === panel;
    b.setAttribute("aria-selected", on ? "true" : "false");
    b.tabIndex = on ? 0 : -1;
    if (on && focus) b.focus();
  }
  for (const s of document.querySelectorAll("[role=tabpanel]")) s.hidden = s.id !== panel;
}

function fill(panel, values) {
  for (const [k, id] of Object.entries(PANELS[panel].fields)) if (values[k] !== undefined) $(id).value = values[k];
}

async function restore() {
  const fragment = location.hash.slice(1);
  let fields = {};
  if (fragment) {
    const { status, v } = await api("permalink", { fragment });
    if (status === 200) fields = v.fields;
  }
  const panel = PANELS[fields.p] ? fields.p : "encode";
  await setLanguage(fields.l === "ja" || fields.l === "en" ? fields.l : browserLanguage());
  restoring = true;
  for (const p of Object.keys(PANELS)) fill(p, p === panel ? fields : PANELS[p].example);
  if (!fragment || !PANELS[fields.p]) fill(panel, PANELS[panel].example);
  select(panel, false);
  await Promise.resolve(PANELS[panel].run());
  restoring = false;
  for (const p of Object.keys(PANELS)) if (p !== panel) PANELS[p].run();
}

function rerunAll() {
  for (const p of Object.keys(PANELS)) PANELS[p].run();
  if (shownRule) ruleDoc(shownRule);
}

document.addEventListener("DOMContentLoaded", () => {
  if (WASM) $("tagline").dataset.l10nId = "tagline-site";
  for (const box of document.querySelectorAll(".out")) box.before(copyButton(box));
  $("lang").addEventListener("change", async () => {
    await setLanguage($("lang").value);
    rerunAll();
  });
  const tabs = [...document.querySelectorAll("[role=tab]")];
  for (const b of tabs) {
    b.addEventListener("click", () => { select(b.dataset.panel, false); PANELS[b.dataset.panel].run(); });
    b.addEventListener("keydown", (e) => {
      const i = tabs.indexOf(b);
      const j = e.key === "ArrowRight" ? (i + 1) % tabs.length : e.key === "ArrowLeft" ? (i - 1 + tabs.length) % tabs.length : e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : -1;
      if (j >= 0) { e.preventDefault(); select(tabs[j].dataset.panel, true); PANELS[tabs[j].dataset.panel].run(); }
    });
  }
  const roundtripLater = debounce(roundtripPanel, 200);
  for (const [panel, def] of Object.entries(PANELS)) {
    const later = debounce(() => def.run(), panel === "reconcile" ? 400 : 150);
    for (const id of Object.values(def.fields)) {
      $(id).addEventListener("input", id === "rt-values" ? () => { roundtripBusy(); roundtripLater(); } : later);
      $(id).addEventListener("change", later);
    }
  }
  $("rec-csv").addEventListener("click", () => downloadReport("csv", "reconcile.csv", "text/csv"));
  $("rec-md").addEventListener("click", () => downloadReport("markdown", "reconcile.md", "text/markdown"));
  for (const side of ["left", "right"]) {
    const drop = $(`rec-${side}-drop`), ta = $(`rec-${side}`);
    drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => { e.preventDefault(); drop.classList.remove("over"); if (e.dataTransfer.files[0]) readFileInto(e.dataTransfer.files[0], side); });
    $(`rec-${side}-file`).addEventListener("change", (e) => { if (e.target.files[0]) readFileInto(e.target.files[0], side); });
    // Text typed or pasted into the box is no longer the file's: its format is told by content.
    ta.addEventListener("input", () => { recNames[side] = ""; });
  }
  window.addEventListener("hashchange", () => { if (!restoring) restore(); });
  restore();
});
