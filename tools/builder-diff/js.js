// Builder harness (Node): URLSearchParams over the cases on stdin.
// `js.URLSearchParams TAB pairs`: new URLSearchParams(pairs).toString().
// `edit TAB ops TAB base-hex`: new URL(base), then searchParams.delete / set / append for
// each op in order (r:khex, s:khex:vhex, a:khex:vhex), then url.href.
'use strict';
const unhex = (h) => Buffer.from(h, 'hex').toString('utf8');
const lines = require('fs').readFileSync(0, 'utf8').split('\n');
lines.pop();
const out = [];
for (const line of lines) {
  const [kind, field, base] = line.split('\t');
  const items = field === '' ? [] : field.split(',').map((i) => i.split(':'));
  if (kind === 'edit') {
    const url = new URL(unhex(base));
    for (const [op, k, v] of items) {
      if (op === 'r') url.searchParams.delete(unhex(k));
      else if (op === 's') url.searchParams.set(unhex(k), unhex(v));
      else url.searchParams.append(unhex(k), unhex(v));
    }
    out.push(url.href);
  } else {
    out.push(new URLSearchParams(items.map(([k, v]) => [unhex(k), unhex(v)])).toString());
  }
}
process.stdout.write(out.map((q) => q + '\n').join(''));
