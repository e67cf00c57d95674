import re

_PCT = re.compile(r'%[0-9A-Fa-f]{2}')


def normalize_url(text):
    return _PCT.sub(lambda m: m.group(0).upper(), text)


def same(a, b):
    return normalize_url(a) == normalize_url(b)
