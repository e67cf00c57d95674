# expect: S001
if a_url.lower() == b_url.lower():
    same = True
