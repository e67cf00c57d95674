from urlnorm import normalize_url

if normalize_url(post['link']) == normalize_url(local_url):
    print('same page')
