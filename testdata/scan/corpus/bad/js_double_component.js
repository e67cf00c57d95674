// expect: S006
const v = encodeURIComponent(encodeURIComponent(tag));
