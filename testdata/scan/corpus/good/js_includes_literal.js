if (url.includes('?')) {
  sep = '&';
}
