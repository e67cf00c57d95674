// The panels' browser checks, shared by the two runs of the page: against `urlkit serve`
// (serve.test.mjs) and against the static site on the WebAssembly module with the network cut
// (site.test.mjs). Each panel is typed into and its answer compared with the CLI's `--json`
// for the same input, with an error case; a screenshot of each panel is saved.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readFile } from "node:fs/promises";
import assert from "node:assert/strict";

export const SEED = "a b&c=d/e?f#g+h~!'()*日本";
export const A = "https://example.com/%e9%81%8b%e5%96%b6%e8%80%85%e6%83%85%e5%a0%b1/";
export const B = "https://example.com/運営者情報/";

// A check runner: each check's failure is recorded and the run goes on.
export function checks() {
  const state = { passed: 0, failures: [] };
  state.check = async (name, fn) => {
    try {
      await fn();
      state.passed++;
      console.log(`ok   ${name}`);
    } catch (e) {
      state.failures.push(name);
      console.log(`FAIL ${name}\n${e.stack || e}`);
    }
  };
  state.finish = () => {
    console.log(`\n${state.passed} passed, ${state.failures.length} failed`);
    if (state.failures.length) {
      console.log(state.failures.map((f) => `  ${f}`).join("\n"));
      process.exit(1);
    }
  };
  return state;
}

// The CLI's stdout, whatever its exit status (1 means findings, not failure, for some).
export function cliOf(URLKIT) {
  return (...args) => {
    try {
      return execFileSync(URLKIT, args, { encoding: "utf8" });
    } catch (e) {
      if (e.status === 1) return e.stdout;
      throw e;
    }
  };
}

export const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

export async function tab(page, panel) {
  await page.click(`#tab-${panel}`);
  await page.waitForSelector(`#${panel}:not([hidden])`);
}

export async function noHorizontalScroll(page, what) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(sw <= cw, `${what}: the page scrolls sideways (${sw} > ${cw})`);
}

// Saves screenshots into `dir` as PREFIX-VIEWPORT-PANEL.png.
export function shooter(dir, prefix) {
  return (page, vp, panel) => page.screenshot({ path: `${dir}/${prefix}${vp}-${panel}.png`, fullPage: true });
}

// Fills a field and waits until `selector`'s text passes `test`: [op, value] with op one of
// includes, equals, startsWith, endsWith (no eval: the page's policy forbids it).
export async function typeAndWait(page, field, value, selector, test, timeout = 15000) {
  if (value.length > 10000) {
    // A long paste at once (fill() types it character by character into the editor).
    await page.$eval(field, (e, v) => { e.value = v; e.dispatchEvent(new Event("input", { bubbles: true })); }, value);
  } else {
    await page.fill(field, value);
  }
  await page.waitForFunction(([s, op, v]) => {
    const e = document.querySelector(s);
    if (!e) return false;
    const t = e.textContent;
    return op === "equals" ? t === v : t[op](v);
  }, [selector, ...test], { timeout });
}

// Every panel's checks on a loaded `page` (English, the example inputs). `open(url)` opens
// another page of the same context (a permalink) and waits until it is loaded; `home` is the
// page's address.
export async function panelChecks({ check, page, context, vp, requests, URLKIT, shot, open, home }) {
  const cli = cliOf(URLKIT);
  await check(`${vp.name}: encode shows what urlkit table prints`, async () => {
    await tab(page, "encode");
    await typeAndWait(page, "#enc-text", "x", "#enc-table tr[data-flavor=rfc3986] .output", ["equals", "x"]);
    await typeAndWait(page, "#enc-text", SEED, "#enc-table tr[data-flavor=rfc3986] .output", ["endsWith", "%E6%9C%AC"]);
    const expected = JSON.parse(cli("table", "--json", SEED));
    const shown = await page.$$eval("#enc-table tbody tr", (rows) => Object.fromEntries(rows.map((r) => [r.dataset.flavor, r.querySelector(".output").textContent])));
    assert.equal(shown.rfc3986, expected.rfc3986);
    for (const f of expected.flavors) assert.equal(shown[f.flavor], f.output ?? f.error, f.flavor);
    assert.equal(Object.keys(shown).length, expected.flavors.length + 1);
    // The characters that differ from RFC 3986 are highlighted: encodeURIComponent keeps !'()*.
    const marks = await page.$$eval("#enc-table tr[data-flavor='js.encodeURIComponent'] mark", (m) => m.map((x) => x.textContent));
    assert.deepEqual(marks, ["!", "'", "(", ")", "*"]);
    const explain = JSON.parse(cli("explain", "--json", SEED));
    const codes = await page.$$eval("#enc-explain tbody tr td:nth-child(2)", (t) => t.map((x) => x.textContent));
    assert.deepEqual(codes, explain.output.characters.map((c) => c.code_point));
    await noHorizontalScroll(page, "encode");
    await shot(page, vp.name, "encode");
  });

  // Issue 28.1: the Encode panel warns as encode --json does (the page encodes a component).
  await check(`${vp.name}: encode warns on escapes and on a whole URL, as encode --json does`, async () => {
    await tab(page, "encode");
    for (const input of ["%E6%97%A5", "https://example.com/運営/?q=a b"]) {
      const expected = JSON.parse(cli("encode", "--json", "--set", "component", input));
      assert.ok(expected.warnings.length > 0, input);
      await typeAndWait(page, "#enc-text", input, `#enc-warnings [data-warning=${expected.warnings[0].kind}]`, ["includes", `first at byte ${expected.warnings[0].offset}`]);
      const shown = await page.$$eval("#enc-warnings [data-warning]", (ws) => ws.map((w) => [w.dataset.warning, w.textContent]));
      // The CLI's kinds and offsets, in the page's words: none of the CLI's remedies.
      assert.deepEqual(shown.map(([kind]) => kind), expected.warnings.map((w) => w.kind));
      for (const [i, [, text]] of shown.entries()) {
        assert.ok(text.endsWith(`(first at byte ${expected.warnings[i].offset})`), text);
        assert.ok(text.includes("panel"), text);
        assert.doesNotMatch(text, /--once|urlkit |enc-warning/, text);
      }
    }
    // No warning for a plain component.
    const plain = JSON.parse(cli("encode", "--json", "--set", "component", SEED));
    await typeAndWait(page, "#enc-text", SEED, "#enc-table tr[data-flavor=rfc3986] .output", ["endsWith", "%E6%9C%AC"]);
    await page.waitForFunction(() => document.querySelectorAll("#enc-warnings [data-warning]").length === 0);
    assert.equal((plain.warnings || []).length, 0);
    await shot(page, vp.name, "encode-warnings");
  });

  await check(`${vp.name}: encode error (text too long)`, async () => {
    await typeAndWait(page, "#enc-text", "x".repeat(17000), "#enc-out", ["includes", "text-too-long"]);
    await typeAndWait(page, "#enc-text", SEED, "#enc-table tr[data-flavor=rfc3986] .output", ["endsWith", "%E6%9C%AC"]);
  });

  await check(`${vp.name}: decode side by side, error at its position, repair with evidence`, async () => {
    await tab(page, "decode");
    await typeAndWait(page, "#dec-text", "a+b%zz%E9%81%8B", "#dec-out [data-mode=form]", ["includes", "a b%zz運"]);
    assert.equal(await page.textContent("#dec-out [data-mode=lenient] .value"), "a+b%zz運");
    assert.match(await page.textContent("#dec-out [data-mode=strict]"), /malformed-escape/);
    assert.equal(await page.textContent("#dec-out [data-mode=strict] mark"), "%");
    await typeAndWait(page, "#dec-text", "https://example.com/?q=%8AO%91%95%95s%97%C7", "#dec-repair", ["includes", "repaired"]);
    assert.match(await page.textContent("#dec-repair"), /Shift_JIS/);
    assert.match(await page.textContent("#dec-repair"), /外装不良/);
    await noHorizontalScroll(page, "decode");
    await shot(page, vp.name, "decode");
  });

  // Issue 28.7 and 28.2: the Decode panel shows convert --json's readings, and decode's
  // delimiter warning for a path.
  await check(`${vp.name}: decode shows every reading of convert --json, and the delimiter warning`, async () => {
    await tab(page, "decode");
    for (const input of ["%25E6%2597%25A5", "5pel5pys6Kqe", "a+b%20c"]) {
      const expected = JSON.parse(cli("convert", "--json", input));
      const last = expected.readings[expected.readings.length - 1];
      await typeAndWait(page, "#dec-text", input, `#convert-table tr[data-reading="${last.name}"]`, ["includes", last.output ?? last.error]);
      const shown = await page.$$eval("#convert-table tr", (rows) => rows.map((r) => [r.dataset.reading, r.classList.contains("ok"), r.querySelector(".mono").textContent]));
      assert.deepEqual(shown, expected.readings.map((g) => [g.name, g.plausible, g.output ?? g.error]), input);
      assert.ok(expected.readings.some((g) => g.plausible), `${input}: some reading is plausible`);
    }
    const path = JSON.parse(cli("decode", "--json", "/a%2Fb/"));
    assert.equal(path.warning.kind, "decoded-delimiter");
    await typeAndWait(page, "#dec-text", "/a%2Fb/", "#dec-out [data-mode=strict]", ["includes", path.warning.message]);
    assert.equal(await page.textContent("#dec-out [data-mode=strict] .value"), path.output);
    await shot(page, vp.name, "decode-readings");
  });

  await check(`${vp.name}: compare says equal at safe and the rules`, async () => {
    await tab(page, "compare");
    await page.fill("#cmp-a", A);
    await page.fill("#cmp-b", B);
    await page.waitForSelector("#cmp-verdict[data-equal=true]");
    const expected = JSON.parse(cli("compare", "--json", A, B));
    assert.equal(expected.equal, true);
    assert.equal(await page.textContent("#cmp-lowest"), expected.lowest_equal_level);
    assert.equal(await page.textContent("#cmp-rules"), expected.rules.join(", "));
    assert.equal(await page.textContent("#cmp-rules"), "hex-case, iri-to-uri");
    assert.match(await page.textContent("#cmp-rule-words"), /RFC 3987/);
    await noHorizontalScroll(page, "compare");
    await shot(page, vp.name, "compare");
  });

  await check(`${vp.name}: compare marks the first difference, and a bad URL`, async () => {
    await page.fill("#cmp-a", "http://a.example/b%2Fc");
    const expected = JSON.parse(cli("compare", "--json", "http://a.example/b%2Fc", "http://a.example/b/c"));
    assert.equal(expected.equal, false);
    await page.fill("#cmp-b", "http://a.example/b/c");
    // The answer for these two values: the difference the command finds, in its component.
    await page.waitForSelector(`#cmp-verdict[data-equal=false] ~ #cmp-difference [data-component=${expected.difference.component}]`);
    await page.waitForFunction(() => document.querySelector("#cmp-out").textContent.includes("a.example/b%2Fc"));
    const marks = await page.$$eval("#cmp-out mark", (m) => m.map((x) => x.textContent));
    assert.deepEqual(marks, ["%", "/"]);
    await typeAndWait(page, "#cmp-a", "http://[::1", "#cmp-out", ["includes", "(A)"]);
    assert.ok(await page.$("#cmp-out mark.err"));
    assert.ok((await page.$$("#cmp-parse tr.disagree")).length >= 0);
    await page.fill("#cmp-a", "http://example.com\\path");
    await page.waitForFunction(() => document.querySelector("#cmp-parse").textContent.includes("parser-disagreement"));
  });

  await check(`${vp.name}: lint shows findings under their spans, the rule doc, and fixes`, async () => {
    await tab(page, "lint");
    await typeAndWait(page, "#lint-text", "https://example.com/%e9%81%8b%e5%96%b6/\nhttps://example.com/ok", ".lint-rec[data-line='2']", ["includes", "no findings"]);
    assert.match(await page.textContent(".lint-rec[data-line='1']"), /lowercase-hex/);
    assert.ok((await page.$$eval(".lint-rec[data-line='1'] mark", (m) => m.length)) > 0);
    assert.match(await page.textContent(".lint-rec[data-line='2']"), /no findings/);
    await page.click(".lint-rec[data-line='1'] .finding button");
    await page.waitForSelector("#lint-rule-doc");
    assert.match(await page.textContent("#lint-rule-doc"), /Why it matters/i);
    await noHorizontalScroll(page, "lint");
    await shot(page, vp.name, "lint");
    await page.click(".lint-rec[data-line='1'] button.fix");
    await page.waitForFunction(() => document.querySelector("#lint-text").value.startsWith("https://example.com/%E9%81%8B%E5%96%B6/"));
    const many = Array.from({ length: 1001 }, (_, i) => `https://e.example/${i}`).join("\n");
    await typeAndWait(page, "#lint-text", many, "#lint-out", ["includes", "too-many-items"]);
  });

  await check(`${vp.name}: build gives URI, IRI and a QR code; the round-trip matrix`, async () => {
    await tab(page, "build");
    await page.fill("#bld-base", "https://日本語.jp");
    await page.fill("#bld-params", "q=東京 カフェ");
    await typeAndWait(page, "#bld-segments", "パス", "#bld-out", ["includes", "xn--wgv71a119e.jp/%E3%83%91%E3%82%B9"]);
    const expected = JSON.parse(cli("build", "--json", "https://日本語.jp", "--segment", "パス", "--param", "q=東京 カフェ"));
    assert.equal(await page.textContent("#bld-uri"), expected.uri);
    assert.equal(await page.textContent("#bld-iri"), expected.iri);
    await page.waitForSelector("#bld-qr svg");
    await page.fill("#rt-values", "C++");
    // The page marks the matrix busy from the keystroke until the answer for "C++" is shown.
    await page.waitForSelector("#rt-out:not([aria-busy]) table");
    const titles = await page.$$eval("#rt-out td", (tds) => tds.map((c) => c.title).join("\n"));
    assert.ok(titles.includes("C++") && !titles.includes("100%"), "the matrix is the one of C++ alone");
    const cells = JSON.parse("[" + cli("roundtrip", "--json", "C++").trim().split("\n").join(",") + "]");
    for (const comp of ["path-segment", "query-value"]) {
      const lossy = [...new Set(cells.filter((c) => !c.exact && c.component === comp).map((c) => `${c.encoder} ${c.decoder}`))].sort();
      const shownNow = () => page.$$eval(`#rt-out table[data-component=${comp}]`, ([t]) => {
        const decs = [...t.querySelectorAll("thead th")].slice(1).map((h) => h.textContent);
        return [...t.querySelectorAll("tbody tr")].flatMap((r) => {
          const enc = r.querySelector("th").textContent;
          return [...r.querySelectorAll("td")].map((d, i) => (d.classList.contains("lossy") ? `${enc} ${decs[i]}` : null)).filter(Boolean);
        }).sort();
      });
      assert.deepEqual(await shownNow(), lossy, comp);
    }
    await noHorizontalScroll(page, "build");
    await shot(page, vp.name, "build");
    await typeAndWait(page, "#bld-segments", "..", "#bld-out", ["includes", "invalid-value"]);
    await page.fill("#bld-segments", "パス");
    // A builder flavor writes the whole query as that language does: Go sorts by key.
    await page.fill("#bld-params", "b=2\na=x y\nb=1");
    await page.selectOption("#bld-style", "go.Values.Encode");
    await page.waitForFunction(() => document.querySelector("#bld-uri")?.textContent.endsWith("?a=x+y&b=2&b=1"));
    const go = JSON.parse(cli("build", "--json", "https://日本語.jp", "--segment", "パス", "--param", "b=2", "--param", "a=x y", "--param", "b=1", "--query-style", "go.Values.Encode"));
    assert.equal(await page.textContent("#bld-uri"), go.uri);
    await page.selectOption("#bld-style", "form");
    // Setting a parameter where a browser would rewrite the whole query: the page says how.
    await page.fill("#bld-base", "https://example.com/?q=a%20b");
    await page.fill("#bld-segments", "");
    await page.fill("#bld-params", "");
    await typeAndWait(page, "#bld-set", "tag=C++", "#bld-out", ["includes", "?q=a+b&tag=C%2B%2B"]);
    const noted = JSON.parse(cli("build", "--json", "https://example.com/?q=a%20b", "--set-param", "tag=C++"));
    assert.equal(await page.textContent("#bld-uri"), noted.uri);
    assert.equal(await page.textContent("#bld-rewrite .value"), noted.browser_rewrite);
    await page.fill("#bld-set", "");
    await page.fill("#bld-base", "https://日本語.jp");
    await page.fill("#bld-segments", "パス");
    await page.fill("#bld-params", "q=東京 カフェ");
  });

  // On the server and on the static site's module alike (issue 32: the reconcile report is
  // urlkit-reconcile-report's, which both call).
  await check(`${vp.name}: reconcile a chosen CSV and WordPress JSON: the missing/extra table, CSV and Markdown as the command writes them`, async () => {
    await tab(page, "reconcile");
    // The files as a user chooses them: their names tell their formats and name them.
    const dir = mkdtempSync(join(tmpdir(), "urlkit-web-"));
    const example = "examples/wordpress-site";
    copyFileSync(`${example}/local-list.csv`, join(dir, "local-list.csv"));
    copyFileSync(`${example}/wp-json/posts.json`, join(dir, "posts.json"));
    await page.setInputFiles("#rec-left-file", join(dir, "local-list.csv"));
    await page.setInputFiles("#rec-right-file", join(dir, "posts.json"));
    await page.waitForFunction(() => document.querySelector("#rec-sides")?.textContent.includes("posts.json") && document.querySelector("#rec-table"));
    // The command over the same files, under the same names.
    const inDir = (...args) => {
      try {
        return execFileSync(URLKIT, args, { encoding: "utf8", cwd: dir });
      } catch (e) {
        if (e.status === 1) return e.stdout; // something is missing
        throw e;
      }
    };
    const records = inDir("reconcile", "--json", "local-list.csv", "posts.json").trim().split("\n").map((l) => JSON.parse(l));
    const summary = records[0].summary;
    assert.ok(summary.only_left > 0, "the example has missing pages");
    const counts = await page.$eval("#rec-counts", (e) => [e.dataset.matched, e.dataset.missing, e.dataset.extra].map(Number));
    assert.deepEqual(counts, [summary.matched, summary.only_left, summary.only_right]);
    const expected = records.filter((r) => r.type === "missing" || r.type === "extra").map((r) => {
      const o = r.left || r.right;
      return [r.type, o.iri ?? o.url, o.iri ? o.url : null, o.fields?.title ?? "", o.type ?? "", o.source];
    });
    const shown = await page.$$eval("#rec-table tbody tr", (rows) => rows.map((r) => [r.dataset.status, r.querySelector(".iri").textContent,
      r.querySelector(".written")?.textContent ?? null, r.querySelector(".title").textContent, r.querySelector(".type").textContent, r.querySelector(".source").textContent]));
    assert.deepEqual(shown, expected);
    // Readable IRIs and titles are there (the example's pages are Japanese).
    assert.ok(shown.some(([, iri, written, title]) => iri === "https://example.com/運営者情報/" && written && title === "運営者情報"), JSON.stringify(shown));
    // The page's words, none of the command's.
    const words = await page.textContent("#reconcile");
    for (const cli of ["paste.invalid", "--", "a prefix such as", "urlkit", "stderr"]) assert.ok(!words.includes(cli), `the panel says ${cli}`);
    assert.match(await page.textContent("#rec-sides"), /local-list\.csv: CSV, 16 URLs \(told by its file name\)/);
    for (const [button, format] of [["#rec-csv", "csv"], ["#rec-md", "markdown"]]) {
      const [download] = await Promise.all([page.waitForEvent("download"), page.click(button)]);
      const got = await readFile(await download.path(), "utf8");
      assert.equal(got, inDir("reconcile", "--format", format, "local-list.csv", "posts.json"), format);
    }
    await noHorizontalScroll(page, "reconcile");
    await shot(page, vp.name, "reconcile");
    // The same lists pasted: no names, the formats told by content, the same rows.
    await page.fill("#rec-left", readFileSync(`${example}/local-list.csv`, "utf8"));
    await page.fill("#rec-right", readFileSync(`${example}/wp-json/posts.json`, "utf8"));
    await page.waitForFunction(() => document.querySelector("#rec-sides")?.textContent.includes("left: CSV") && document.querySelector("#rec-sides").textContent.includes("right: WordPress"));
    assert.match(await page.textContent("#rec-sides"), /told by its content/);
    const pasted = await page.$$eval("#rec-table tbody tr", (rows) => rows.map((r) => [r.dataset.status, r.querySelector(".iri").textContent, r.querySelector(".title").textContent]));
    assert.deepEqual(pasted, expected.map(([s, iri, , title]) => [s, iri, title]));
    // A list that gives no URL: said in the page's words, with its side.
    await typeAndWait(page, "#rec-right", "# nothing yet", "#rec-out", ["includes", "no URL found"]);
    assert.equal(await page.getAttribute("#rec-out [data-reason]", "data-side"), "right");
    assert.ok(!(await page.textContent("#rec-out")).includes("--allow-empty"));
    const many = "https://e.example/a\n".repeat(200001);
    await typeAndWait(page, "#rec-left", many, "#rec-out", ["includes", "too-many-lines"], 60000);
    await page.fill("#rec-left", "https://example.com/about/");
    await page.fill("#rec-right", "https://example.com/about/");
  });
  await check(`${vp.name}: Content-Disposition builds and reads, with an error`, async () => {
    await tab(page, "cd");
    await page.selectOption("#cd-mode", "attachment");
    const expected = JSON.parse(cli("content-disposition", "--json", "報告書.pdf"));
    await typeAndWait(page, "#cd-text", "報告書.pdf", "#cd-out", ["includes", "%E5%A0%B1%E5%91%8A%E6%9B%B8.pdf"]);
    assert.equal(await page.textContent("#cd-value"), expected.output);
    await noHorizontalScroll(page, "cd");
    await shot(page, vp.name, "cd");
    await page.selectOption("#cd-mode", "parse");
    await typeAndWait(page, "#cd-text", "inline; size=3", "#cd-out", ["includes", "no-filename"]);
  });

  // Issue 28.3: filename before filename*, and the ASCII fallback name.
  await check(`${vp.name}: Content-Disposition with a fallback name, as content-disposition --json writes it`, async () => {
    await tab(page, "cd");
    await page.selectOption("#cd-mode", "attachment");
    await page.fill("#cd-fallback", "");
    const plain = JSON.parse(cli("content-disposition", "--json", "見積書.pdf"));
    await typeAndWait(page, "#cd-text", "見積書.pdf", "#cd-value", ["equals", plain.output]);
    assert.ok(plain.output.indexOf("filename=") < plain.output.indexOf("filename*="), plain.output);
    const expected = JSON.parse(cli("content-disposition", "--json", "--fallback", "estimate.pdf", "見積書.pdf"));
    await typeAndWait(page, "#cd-fallback", "estimate.pdf", "#cd-value", ["equals", expected.output]);
    assert.match(expected.output, /^attachment; filename="estimate\.pdf"; filename\*=UTF-8''/);
    // A fallback outside ISO-8859-1 is refused, as the command refuses it (exit 2).
    let refused = null;
    try {
      execFileSync(URLKIT, ["content-disposition", "--fallback", "見.pdf", "見積書.pdf"], { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      refused = e;
    }
    assert.ok(refused && refused.status === 2 && refused.stderr.includes("ISO-8859-1"), "the command refuses the fallback");
    await typeAndWait(page, "#cd-fallback", "見.pdf", "#cd-out", ["includes", "fallback-not-latin1"]);
    assert.match(await page.textContent("#cd-out"), /ISO-8859-1/);
    await page.fill("#cd-fallback", "");
    await shot(page, vp.name, "cd-fallback");
  });

  await check(`${vp.name}: base64url and a decode error at its byte (strict)`, async () => {
    await tab(page, "base64");
    await page.selectOption("#b64-way", "encode");
    await page.selectOption("#b64-alphabet", "url");
    await typeAndWait(page, "#b64-text", "??>", "#b64-out", ["equals", "Pz8-"]);
    await noHorizontalScroll(page, "base64");
    await shot(page, vp.name, "base64");
    await page.selectOption("#b64-way", "decode");
    await page.selectOption("#b64-reading", "strict");
    await typeAndWait(page, "#b64-text", "Zm9v YmFy", "#b64-out", ["includes", "byte 4"]);
    assert.equal(await page.textContent("#b64-out mark"), "\u2420");
    // Strict reading says what is wrong with the padding, as the command does.
    const strict = JSON.parse(cli("base64", "--decode", "--json", "YWJjZA"));
    await typeAndWait(page, "#b64-text", "YWJjZA", "#b64-out", ["includes", strict.error.kind]);
    assert.match(await page.textContent("#b64-out"), /length 6 is not a multiple of 4/);
  });

  // Issue 28.4: the panel reads leniently by default, and says what it accepted.
  await check(`${vp.name}: Base64 reads leniently by default: what base64 --decode --lenient --json gives`, async () => {
    const other = await open(home);
    await other.waitForSelector("#enc-table");
    assert.equal(await other.inputValue("#b64-reading"), "lenient");
    await other.close();
    await tab(page, "base64");
    await page.selectOption("#b64-reading", "lenient");
    await page.selectOption("#b64-way", "decode");
    await page.selectOption("#b64-alphabet", "standard");
    for (const input of ["YWJjZA", "YWJj\nZA==", "eyJhbGciOiJIUzI1NiJ9", "Pz8-"]) {
      const expected = JSON.parse(cli("base64", "--decode", "--lenient", "--json", "--", input));
      assert.equal(expected.ok, true, input);
      await typeAndWait(page, "#b64-text", input, "#b64-value", ["equals", expected.output]);
      const accepted = (expected.accepted || []).map((a) => a.message).join(", ");
      await page.waitForFunction((a) => (document.querySelector("#b64-accepted")?.textContent ?? "") === a, accepted);
    }
  });

  // Issue 33.3: the Scan panel reports what `urlkit scan --json` reports for the same code, on
  // the server and on the static site's module alike (issue 32: tree-sitter links into it).
  await check(`${vp.name}: scan shows what urlkit scan --json finds in the same code`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "urlkit-scan-"));
    for (const [language, ext, code] of [
      ["python", "py", "from urllib.parse import quote, unquote\n\ndef listed(url, urls):\n    return url in urls\n\nkey = unquote(url)\nlink = 'https://example.com/search?q=' + quote(term)\n"],
      ["javascript", "js", "fetch(encodeURIComponent(url));\n"],
    ]) {
      const file = join(dir, `snippet.${ext}`);
      writeFileSync(file, code);
      const expected = cli("scan", "--json", file).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
      assert.ok(expected.length > 0, language);
      await tab(page, "scan");
      await page.selectOption("#scan-language", language);
      // The panel's answer to this code (not to the one before: its first finding differs).
      const first = expected[0];
      await typeAndWait(page, "#scan-code", code, "#scan-out .scan-finding .finding", ["equals", `${first.line}:${first.column} ${first.code} ${first.rule}: ${first.message}`]);
      await page.waitForFunction((n) => document.querySelectorAll("#scan-out .scan-finding").length === n, expected.length);
      const shown = await page.$$eval("#scan-out .scan-finding", (fs) => fs.map((f) => [f.dataset.code, f.querySelector(".finding").textContent, f.querySelector(".hint code").textContent]));
      assert.deepEqual(shown, expected.map((f) => [f.code, `${f.line}:${f.column} ${f.code} ${f.rule}: ${f.message}`, f.evidence]));
    }
    await typeAndWait(page, "#scan-code", "import urllib.parse\n", "#scan-out", ["includes", "no findings"]);
    await noHorizontalScroll(page, "scan");
    await shot(page, vp.name, "scan");
  });

  await check(`${vp.name}: a permalink opens the same result`, async () => {
    await tab(page, "compare");
    await page.fill("#cmp-a", A);
    await page.fill("#cmp-b", B);
    await page.waitForSelector("#cmp-verdict[data-equal=true]");
    await page.waitForFunction(() => location.hash.includes("p=compare") && location.hash.includes("%E9%81%8B"));
    const link = page.url();
    assert.ok(link.includes("b=https%3A%2F%2Fexample.com%2F%E9%81%8B"), link);
    const other = await open(link);
    await other.waitForSelector("#cmp-verdict[data-equal=true]");
    assert.equal(await other.inputValue("#cmp-a"), A);
    assert.equal(await other.inputValue("#cmp-b"), B);
    assert.equal(await other.getAttribute("#tab-compare", "aria-selected"), "true");
    await other.close();
  });

  await check(`${vp.name}: every output has a copy button that copies it`, async () => {
    const outs = await page.$$eval(".out", (os) => os.map((o) => [o.id, o.previousElementSibling?.matches("button.copy")]));
    assert.ok(outs.length >= 12, `${outs.length} outputs`);
    for (const [id, ok] of outs) assert.ok(ok, `#${id} has no copy button before it`);
    await tab(page, "base64");
    await page.selectOption("#b64-way", "encode");
    await typeAndWait(page, "#b64-text", "??>", "#b64-out", ["includes", "Pz8"]);
    await page.click("button.copy[aria-describedby=b64-out]");
    await page.waitForFunction(() => document.querySelector("button.copy[aria-describedby=b64-out]").textContent !== "Copy");
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /Pz8/);
  });

  await check(`${vp.name}: the round-trip matrix has a legend that needs no hover`, async () => {
    await tab(page, "build");
    assert.ok(await page.isVisible("#rt-legend"));
    assert.match(await page.textContent("#rt-legend"), /✓.*✗/);
  });

  await check(`${vp.name}: in Japanese, every panel, the rule doc and the verdict; the permalink keeps the language`, async () => {
    await page.selectOption("#lang", "ja");
    await page.waitForFunction(() => document.documentElement.lang === "ja" && document.querySelector("#tab-compare").textContent === "比較");
    // No element shows its message id: every id of the page is translated.
    const untranslated = await page.$$eval("[data-l10n-id]", (es) => es.filter((e) => e.textContent === e.dataset.l10nId).map((e) => e.dataset.l10nId));
    assert.deepEqual(untranslated, []);
    for (const panel of ["encode", "decode", "compare", "lint", "build", "reconcile", "cd", "base64", "scan"]) {
      await tab(page, panel);
      const heading = await page.textContent(`#${panel} h2`);
      assert.ok(heading && !/^[a-z0-9-]+$/.test(heading), `${panel}: heading ${heading}`);
      await noHorizontalScroll(page, `ja ${panel}`);
      await shot(page, vp.name, `ja-${panel}`);
    }
    await tab(page, "compare");
    await page.fill("#cmp-a", A);
    await page.fill("#cmp-b", B);
    await page.waitForFunction(() => document.querySelector("#cmp-verdict[data-equal=true]")?.textContent.includes("等しい"));
    assert.match(await page.textContent("#cmp-rule-words"), /大文字小文字|UTF-8/);
    await page.waitForFunction(() => location.hash.includes("l=ja"));
    await shot(page, vp.name, "ja-compare");
    const link = page.url();
    await tab(page, "lint");
    await page.fill("#lint-text", "https://example.com/%e9%81%8b%e5%96%b6/");
    await page.waitForSelector(".lint-rec[data-line='1'] .finding button");
    assert.match(await page.textContent(".lint-rec[data-line='1']"), /小文字の 16 進数字/);
    await page.click(".lint-rec[data-line='1'] .finding button");
    await page.waitForFunction(() => document.querySelector("#lint-rule-doc")?.textContent.includes("なぜ問題か"));
    await shot(page, vp.name, "ja-lint");
    const other = await open(link);
    await other.waitForFunction(() => document.documentElement.lang === "ja" && document.querySelector("#cmp-verdict[data-equal=true]"));
    await other.close();
    await page.focus("#lang");
    await page.selectOption("#lang", "en");
    await page.waitForFunction(() => document.querySelector("#tab-compare").textContent === "Compare");
    // The shown rule doc is fetched again in English; that rerun must leave the focus where it was.
    await page.waitForFunction(() => /Why it matters/i.test(document.querySelector("#lint-rule-doc")?.textContent ?? ""));
    assert.equal(await page.evaluate(() => document.activeElement.id), "lang");
  });

  await check(`${vp.name}: dark mode follows the system setting`, async () => {
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: "light" });
    assert.notEqual(light, dark);
    assert.equal(dark, "rgb(13, 17, 23)");
  });

  await check(`${vp.name}: keyboard moves between the panels`, async () => {
    await page.focus("#tab-compare");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.evaluate(() => document.activeElement.id), "tab-lint");
    assert.equal(await page.isHidden("#compare"), true);
    assert.equal(await page.isVisible("#lint"), true);
  });

}
