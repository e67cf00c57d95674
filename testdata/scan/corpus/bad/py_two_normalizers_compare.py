# expect: S001 S002
def normalize_a(u):
    return u.upper()


def canonicalize_b(u):
    return u.lower()


same = normalize_a(x) == canonicalize_b(y)
