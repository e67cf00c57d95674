from urllib.parse import urlsplit

if urlsplit(a).hostname == urlsplit(b).hostname:
    same_site = True
