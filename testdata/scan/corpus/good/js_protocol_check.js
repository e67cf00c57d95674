if (new URL(href).protocol === 'https:') {
  secure = true;
}
