"""The one URL normalizer: every comparison of the tool goes through normalize_url."""
import re
from urllib.parse import quote

_UNRESERVED = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_PCT = re.compile(r"%[0-9A-Fa-f]{2}")
# Every character RFC 3986 allows raw in a URL, and "%" so that escapes stay as they are.
_KEEP = ":/?#[]@!$&'()*+,;=%-._~"


def normalize_url(text):
    def repl(m):
        hexpart = m.group(0)[1:]
        code = int(hexpart, 16)
        if code < 128 and chr(code) in _UNRESERVED:
            return chr(code)
        return "%" + hexpart.upper()
    # Raw Japanese becomes uppercase UTF-8 escapes; nothing is decoded, so %2F stays %2F.
    return _PCT.sub(repl, quote(text, safe=_KEEP))
