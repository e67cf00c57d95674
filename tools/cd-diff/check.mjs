// Reads back every value `urlkit content-disposition --json` wrote with the content-disposition
// package (the parser of Express): each must parse, and give the file name it was built for.
// Usage: node check.mjs NAMES_FILE RECORDS_FILE [LABEL]
// Prints mismatches and "N passed, N failed".
import { readFileSync } from "node:fs";
import { parse } from "content-disposition";

const [names, records, label = "content-disposition"] = process.argv.slice(2);
const want = readFileSync(names, "utf8").split("\n").slice(0, -1);
const got = readFileSync(records, "utf8").split("\n").slice(0, -1).map((l) => JSON.parse(l));
if (want.length !== got.length) {
  console.log(`${want.length} names but ${got.length} records`);
  process.exit(1);
}
let passed = 0, failed = 0;
want.forEach((name, i) => {
  const rec = got[i];
  let back;
  try {
    back = rec.ok ? parse(rec.output).parameters.filename : `(urlkit failed: ${rec.error.message})`;
  } catch (e) {
    back = `(parse threw: ${e.message})`;
  }
  if (back === name) { passed++; return; }
  failed++;
  if (failed <= 5) console.log(`  MISMATCH ${JSON.stringify(name)}\n    value: ${rec.output}\n    read:  ${JSON.stringify(back)}`);
});
console.log(`${label}: ${passed} of ${want.length} values read back to their name by content-disposition ${JSON.parse(readFileSync(new URL("./node_modules/content-disposition/package.json", import.meta.url))).version}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
