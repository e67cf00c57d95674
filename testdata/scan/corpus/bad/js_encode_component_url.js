// expect: S005
fetch(encodeURIComponent(url));
