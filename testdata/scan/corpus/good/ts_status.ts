const res = await fetch(endpoint);
if (res.status === 404) {
  missing.push(endpoint);
}
