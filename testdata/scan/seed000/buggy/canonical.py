"""The canonical check: it upper-cases the hex by itself."""
import re


def check_canonical(page_url, canonical):
    fixed = re.sub(r"%[0-9a-f]{2}", lambda m: m.group(0).upper(), page_url)
    return fixed == canonical
