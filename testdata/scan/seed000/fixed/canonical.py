"""The canonical check, through the shared normalizer."""
from normalize import normalize_url


def check_canonical(page_url, canonical):
    return normalize_url(page_url) == normalize_url(canonical)
