# expect: S001
def changed(old_url, new_url):
    return old_url != new_url
