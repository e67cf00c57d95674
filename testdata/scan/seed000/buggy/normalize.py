"""The normalizer the post shows: uppercase hex, unreserved characters decoded."""
import re

_UNRESERVED = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_PCT = re.compile(r"%[0-9A-Fa-f]{2}")


def normalize_percent_encoding(text):
    def repl(m):
        hexpart = m.group(0)[1:]
        code = int(hexpart, 16)
        if code < 128 and chr(code) in _UNRESERVED:
            return chr(code)
        return "%" + hexpart.upper()
    return _PCT.sub(repl, text)
