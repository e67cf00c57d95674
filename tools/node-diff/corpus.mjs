// A deterministic corpus of URLs for the differential check: pieces that exercise every
// branch of the WHATWG parser (schemes special or not, slashes and backslashes, credentials,
// IDNA and IPv4/IPv6 hosts, ports, dot segments, percent-encoding, C0 and whitespace that the
// parser strips), combined by a seeded PRNG so that every run produces the same list.

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCHEMES = ["http", "https", "HTTP", "hTtPs", "ws", "wss", "ftp", "file", "foo", "git+ssh",
  "mailto", "data", "javascript", "blob", "urn", "a1", "1a", "h\ttp", ""];
const AFTER_SCHEME = ["://", "://", "://", ":/", ":", ":\\\\", ":/\\", ":///", "://\\", ":\\/"];
const USERINFO = ["", "", "", "", "user@", "user:pass@", ":@", "u:p:q@", "a@b@", "%40@",
  "us er@", "ü@", "user:@", "@", "a%2@"];
const HOSTS = ["example.com", "EXAMPLE.COM", "example.com.", "a.b.c.d.e", "localhost",
  "例え.jp", "xn--r8jz45g.jp", "bücher.de", "faß.de", "xn--a", "xn--zca", "ＥＸＡＭＰＬＥ.com",
  "127.0.0.1", "0x7f.1", "0177.0.0.1", "127.1", "2130706433", "1.2.3.256", "0x100000000",
  "1.2.3.4.", "09.1.1.1", "[::1]", "[0:0::1]", "[::ffff:1.2.3.4]", "[1:2:3:4:5:6:7:8]",
  "[a.com]", "[::1", "a..b", "", "%65xample.com", "exa%mple.com", "a b.com", "a<b", "a^b",
  "ex\tample.com", "😀.com", "xn--ls8h.la", "-a-.com", "a_b.com", "ab--cd.com", "%zz.com",
  "example.com／x", "evil.com＠good", "a.com＃b", "℀.com", "ß.com", "\u200d.com", "1.1.1.1 &"];
const PORTS = ["", "", "", ":80", ":443", ":0080", ":8080", ":65535", ":65536", ":x", ":", ":21",
  ": 1", ":1:2"];
const SEGMENTS = ["a", "b", ".", "..", "%2e", "%2E%2e", ".%2e", "%2e.", "運営", "%E9%81%8B",
  "%7e", "~", "a b", "%zz", "%", "|", "^", "{x}", "'", '"', "<>", "c:", "C|", "a;b", "@",
  "%2f", "%5C", "\\", "é", "\u0000", "%00", "`", "\u00a0", "index.html"];
const QUERIES = ["", "", "?", "?a=1&b=2", "?q=東京", "?a b", "?%", "?'x'", "?a=%zz", "??",
  "?#", "?é&%E9", "?\"<>", "?`{}"];
const FRAGMENTS = ["", "", "#", "#x", "#é", "# y", "#%", "#`<>", "##", "#\"x\""];
const NOISE = ["\t", "\n", "\r", " ", "\u0000", "\u001f", "\u007f", "\u00a0", "\ufeff"];

export function generateCorpus(n, seed) {
  const rand = mulberry32(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const out = [];
  for (let i = 0; i < n; i++) {
    let url = pick(SCHEMES) + pick(AFTER_SCHEME) + pick(USERINFO) + pick(HOSTS) + pick(PORTS);
    const depth = Math.floor(rand() * 4);
    for (let d = 0; d < depth; d++) url += (rand() < 0.1 ? "\\" : "/") + pick(SEGMENTS);
    if (rand() < 0.2) url += "/";
    url += pick(QUERIES) + pick(FRAGMENTS);
    // Whitespace and controls: leading/trailing (stripped) or inside (tabs and newlines
    // removed, others kept or rejected).
    const r = rand();
    if (r < 0.1) url = pick(NOISE) + url;
    else if (r < 0.2) url = url + pick(NOISE);
    else if (r < 0.3) {
      // Code points, not UTF-16 units: never split a surrogate pair.
      const chars = Array.from(url);
      const at = Math.floor(rand() * (chars.length + 1));
      url = chars.slice(0, at).join("") + pick(NOISE) + chars.slice(at).join("");
    }
    out.push(url);
  }
  return out;
}
