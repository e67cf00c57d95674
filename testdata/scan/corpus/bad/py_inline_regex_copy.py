# expect: S002
import re


def normalize_url(u):
    return u.upper()


def report(rows):
    return [re.sub(r'%([0-9a-f]{2})', lambda m: m.group(0).upper(), r) for r in rows]
