// Differential harness: runs one JavaScript function over hex lines on stdin.
// Input: UTF-16 code units, 4 hex digits each. Output: "ok\t<UTF-16 hex>" or "err\t<UTF-8 hex of 'Name: message'>".
'use strict';
const fns = {
  'js.encodeURIComponent': encodeURIComponent,
  'js.encodeURI': encodeURI,
  'js.escape': escape,
  'js.URLSearchParams': (s) => new URLSearchParams({ k: s }).toString().slice(2),
  'js.encodeRFC3986URIComponent': (s) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  'js.decodeURIComponent': decodeURIComponent,
  'js.decodeURI': decodeURI,
  'js.unescape': unescape,
  'js.URLSearchParams.get': (s) => new URLSearchParams('k=' + s).get('k'),
};
const fn = fns[process.argv[2]];
if (!fn) { console.error(`unknown flavor ${process.argv[2]}`); process.exit(2); }
const units = (hex) => { let s = ''; for (let i = 0; i < hex.length; i += 4) s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16)); return s; };
const hex16 = (s) => { let h = ''; for (let i = 0; i < s.length; i++) h += s.charCodeAt(i).toString(16).padStart(4, '0'); return h; };
const lines = require('fs').readFileSync(0, 'utf8').split('\n');
const out = [];
for (const line of lines) {
  if (line === '' && out.length === lines.length - 1) break;
  try { out.push('ok\t' + hex16(fn(units(line)))); }
  catch (e) { out.push('err\t' + Buffer.from(`${e.name}: ${e.message}`, 'utf8').toString('hex')); }
}
process.stdout.write(out.join('\n') + '\n');
