// expect: S001
const seen = new Set();
if (seen.has(href)) {
  skip = true;
}
