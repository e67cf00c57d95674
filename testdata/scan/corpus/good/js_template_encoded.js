fetch(`https://example.com/tag/${encodeURIComponent(tag)}/`);
