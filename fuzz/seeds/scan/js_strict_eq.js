// expect: S001
if (post.link === localUrl) {
  matched++;
}
