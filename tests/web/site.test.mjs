// Browser tests of the static site (target/site, scripts/build-site.sh): served by a plain
// static file server on 127.0.0.1 with every other host blocked, then with the network cut,
// then opened from file://; desktop and a 390 px phone viewport, English and Japanese. The
// page must run on the WebAssembly module alone: no request leaves the site's origin, and no
// panel asks a server (no request to api/). Then every panel's checks of the serve run
// (panels.mjs: each answer compared with the CLI's --json), on the static site with the
// network cut.
//
// Environment: URLKIT (the urlkit binary the panels are compared with), SITE (default
// target/site), CHROMIUM (default /usr/bin/chromium), SHOTS.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { mkdirSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { VIEWPORTS, checks, panelChecks, shooter } from "./panels.mjs";

const URLKIT = process.env.URLKIT;
const SITE = process.env.SITE || "target/site";
const SHOTS = process.env.SHOTS || "target/web-screenshots";
assert.ok(URLKIT, "set URLKIT to the urlkit binary");
mkdirSync(SHOTS, { recursive: true });

const { check, finish } = checks();

// A plain static file server: GET of a file under SITE, nothing else.
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".wasm": "application/wasm" };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "") || "index.html";
  if (req.method !== "GET" || path.startsWith("..")) { res.writeHead(405); return res.end(); }
  try {
    const body = await readFile(join(SITE, path));
    res.writeHead(200, { "Content-Type": TYPES[extname(path)] || "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}/`;
const fileBase = "file://" + (SITE.startsWith("/") ? SITE : join(process.cwd(), SITE)) + "/";
console.log(`site at ${base} and ${fileBase}`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox"],
});

for (const vp of VIEWPORTS) {
  for (const origin of [base, fileBase]) {
    const how = origin === base ? "static server" : "file://";
    const context = await browser.newContext({ viewport: vp.viewport, isMobile: vp.isMobile, hasTouch: vp.hasTouch, locale: "ja-JP" });
    const requests = [];
    // Every other host is blocked: a request that leaves the site fails, and is recorded.
    await context.route("**/*", (route) => {
      const url = route.request().url();
      requests.push(url);
      return url.startsWith(origin) ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("requestfailed", (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));

    await check(`${vp.name}, ${how}: the page runs on the module, in the browser's language (Japanese)`, async () => {
      await page.goto(origin + "index.html");
      await page.waitForFunction(() => document.documentElement.lang === "ja" && document.querySelector("#tab-compare").textContent === "比較", null, { timeout: 30000 });
      assert.match(await page.textContent("#tagline"), /WebAssembly/);
      const untranslated = await page.$$eval("[data-l10n-id]", (es) => es.filter((e) => e.textContent === e.dataset.l10nId).map((e) => e.dataset.l10nId));
      assert.deepEqual(untranslated, []);
      await page.screenshot({ path: `${SHOTS}/site-${vp.name}-${how === "file://" ? "file" : "http"}-ja.png`, fullPage: true });
    });

    await check(`${vp.name}, ${how}: with the network cut, the module still answers, in both languages`, async () => {
      await context.setOffline(true);
      await page.selectOption("#lang", "en");
      await page.waitForFunction(() => document.documentElement.lang === "en" && document.querySelector("#tab-compare").textContent === "Compare");
      const answer = await page.evaluate(async () => (await UrlkitWasm.ready).call("parse", { url: "https://日本語.jp/a b?q=ä#x" }));
      assert.equal(answer.status, 200);
      assert.equal(answer.v.whatwg.href, "https://xn--wgv71a119e.jp/a%20b?q=%C3%A4#x");
      await page.selectOption("#lang", "ja");
      await page.waitForFunction(() => document.querySelector("#tab-lint").textContent === "Lint" && document.querySelector("#tab-build").textContent === "組み立て");
      await context.setOffline(false);
    });

    await check(`${vp.name}, ${how}: no request left the site, none asked a server, and no script error`, async () => {
      assert.ok(requests.length >= 5, `${requests.length} requests`);
      assert.deepEqual(requests.filter((u) => !u.startsWith(origin)), []);
      assert.deepEqual(requests.filter((u) => u.includes("/api/")), []);
      assert.deepEqual(errors, []);
    });
    await context.close();
  }

  // Every panel, as the serve run checks it, on the module with the network cut.
  const context = await browser.newContext({ viewport: vp.viewport, isMobile: vp.isMobile, hasTouch: vp.hasTouch, acceptDownloads: true, locale: "en-US" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  const requests = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    requests.push(url);
    return url.startsWith(base) ? route.continue() : route.abort();
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("requestfailed", (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));
  await page.goto(base);
  await page.waitForSelector("#enc-table");
  await context.setOffline(true);
  // Another page of the site (a permalink): loading it needs the static host, its answers
  // then come from the module with the network cut again.
  const open = async (url) => {
    await context.setOffline(false);
    const other = await context.newPage();
    await other.goto(url);
    await other.waitForFunction(() => typeof UrlkitWasm === "object");
    await context.setOffline(true);
    return other;
  };
  await panelChecks({ check, page, context, vp, requests, URLKIT, shot: shooter(SHOTS, "site-"), open, home: base });
  await check(`${vp.name}, static server, network cut: no request left the site, none asked a server, and no script error`, async () => {
    assert.ok(requests.length >= 5, `${requests.length} requests`);
    const loads = requests.filter((u) => u.startsWith(base));
    assert.deepEqual(requests.filter((u) => !u.startsWith(base)), []);
    assert.deepEqual(loads.filter((u) => u.includes("/api/")), []);
    assert.deepEqual(errors, []);
  });
  await context.close();
}

await browser.close();
server.close();
finish();
