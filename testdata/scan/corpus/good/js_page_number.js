for (let page = 1; page < 5; page++) {
  await fetch(`${API_BASE}/posts?page=${page}`);
}
