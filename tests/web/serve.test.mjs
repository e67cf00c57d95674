// Browser tests of `urlkit serve`: the system Chromium driven by playwright-core. Each panel
// is typed into and checked, with an error case, at a desktop and a phone viewport; every
// request the page makes is recorded and must go to the server on 127.0.0.1; a screenshot of
// each panel is saved into SHOTS (default target/web-screenshots).
//
// Environment: URLKIT (the urlkit binary), CHROMIUM (default /usr/bin/chromium), SHOTS.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { VIEWPORTS, checks, panelChecks, shooter } from "./panels.mjs";

const URLKIT = process.env.URLKIT;
const SHOTS = process.env.SHOTS || "target/web-screenshots";
assert.ok(URLKIT, "set URLKIT to the urlkit binary");
mkdirSync(SHOTS, { recursive: true });

const { check, finish } = checks();

// The server, on a free port; its address is the first line it prints.
const server = spawn(URLKIT, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const base = await new Promise((resolve, reject) => {
  let out = "";
  const timer = setTimeout(() => reject(new Error("urlkit serve printed no address in 30 s")), 30000);
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
    if (m) { clearTimeout(timer); resolve(m[0]); }
  });
  server.on("exit", (code) => reject(new Error(`urlkit serve exited with ${code}`)));
});
console.log(`server at ${base}`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox"],
});
const shot = shooter(SHOTS, "");

for (const vp of VIEWPORTS) {
  const context = await browser.newContext({ viewport: vp.viewport, isMobile: vp.isMobile, hasTouch: vp.hasTouch, acceptDownloads: true, locale: "en-US" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  const page = await context.newPage();
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base);
  await page.waitForSelector("#enc-table");

  const open = async (url) => {
    const other = await context.newPage();
    other.on("request", (r) => requests.push(r.url()));
    await other.goto(url);
    return other;
  };
  await panelChecks({ check, page, context, vp, requests, URLKIT, shot, open, home: base });


  await check(`${vp.name}: every request went to ${base} only, and no script error`, async () => {
    assert.ok(requests.length > 20, `${requests.length} requests recorded`);
    // A download is a blob: URL of this origin: made by the page, fetched from nowhere.
    const elsewhere = requests.filter((u) => !u.startsWith(base) && !u.startsWith("blob:" + base.slice(0, -1)));
    assert.deepEqual(elsewhere, []);
    assert.deepEqual(errors, []);
  });
  await context.close();
}


await browser.close();
server.kill();
finish();
