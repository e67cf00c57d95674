// expect: S005
const pageUrl = encodeURIComponent(rawUrl);
