// expect: S003
if (decodeURIComponent(a) === decodeURIComponent(b)) {
  same = true;
}
