# expect: S002
import re


def normalize_url(u):
    return re.sub(r'%[0-9a-f]{2}', lambda m: m.group(0).upper(), u)


def canonicalize(u):
    return u.rstrip('/').lower()
