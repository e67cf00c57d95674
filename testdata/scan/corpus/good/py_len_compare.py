if len(urls) == len(seen_keys):
    print('all seen')
