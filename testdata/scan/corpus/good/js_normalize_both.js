import { normalizeUrl } from './url.js';

if (normalizeUrl(post.link) === normalizeUrl(localUrl)) {
  console.log('same');
}
