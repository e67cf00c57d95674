if (url === null || url === undefined) {
  throw new Error('no url');
}
