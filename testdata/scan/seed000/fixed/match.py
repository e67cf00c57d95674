"""Matches the tool's article list against WordPress, and the sitemap against REST links."""
from normalize import normalize_url
from wp_client import fetch_pages, fetch_posts


def find_missing(local_urls):
    items = fetch_posts() + fetch_pages()
    wp_keys = {normalize_url(item["link"]) for item in items}
    return [url for url in local_urls if normalize_url(url) not in wp_keys]


def unmeasured_tags(sitemap_locs, rest_links):
    rest = {normalize_url(link) for link in rest_links}
    return [loc for loc in sitemap_locs if normalize_url(loc) not in rest]
