async function tagPage(tag: string): Promise<Response> {
  return fetch(`https://example.com/tag/${encodeURIComponent(tag)}/`);
}
