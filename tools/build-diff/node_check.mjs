// Component round trip on Node: each built URL parsed by `new URL`, the path segments of
// `pathname` decoded once with decodeURIComponent, the query read by `url.searchParams`
// (URLSearchParams), the fragment of `hash` decoded once; every value must come back
// exactly, and the host and port as built (the scheme's default port as '').
// Input: the JSON lines of `cargo run --example build_corpus` on stdin.
import { readFileSync } from 'node:fs';

const DEFAULT_PORTS = { 'http:': '80', 'https:': '443' };
let passed = 0;
let failed = 0;
const eq = (a, b) => JSON.stringify(a) === JSON.stringify(b);
for (const line of readFileSync(0, 'utf8').split('\n')) {
  if (line === '') continue;
  const c = JSON.parse(line);
  const u = new URL(c.url);
  const got = {
    scheme: u.protocol.slice(0, -1),
    host: u.hostname,
    port: u.port,
    segments: u.pathname.slice(1).split('/').map(decodeURIComponent),
    params: [...u.searchParams],
    fragment: c.url.includes('#') ? decodeURIComponent(u.hash.slice(1)) : null,
  };
  const defaultPort = DEFAULT_PORTS[u.protocol];
  const want = {
    scheme: c.scheme,
    host: c.ascii_host.startsWith('[') ? c.ascii_host.slice(0, c.ascii_host.indexOf(']') + 1) : c.ascii_host.split(':')[0],
    port: c.port === null || String(c.port) === defaultPort ? '' : String(c.port),
    segments: c.segments,
    params: c.params,
    fragment: c.fragment,
  };
  if (eq(got, want)) { passed++; continue; }
  failed++;
  if (failed <= 5) {
    const diff = Object.fromEntries(Object.keys(got).filter((k) => !eq(got[k], want[k])).map((k) => [k, [got[k], want[k]]]));
    console.log(`  MISMATCH ${c.url}\n    (node, put in): ${JSON.stringify(diff)}`);
  }
}
console.log(`node URL + URLSearchParams: ${passed} URLs gave every component back`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || !passed ? 1 : 0);
