// expect: S005
const r = await fetch(encodeURIComponent('https://example.com/運営者情報/'));
