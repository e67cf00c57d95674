// expect: S001
if (canonicalUrl !== location.href) {
  report();
}
