async function get(url) {
  const r = await fetch(url);
  return r.json();
}
