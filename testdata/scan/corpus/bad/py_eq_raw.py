# expect: S001
if post['link'] == local_url:
    matched += 1
