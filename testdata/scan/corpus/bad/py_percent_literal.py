# expect: S001
if href == 'https://example.com/%e9%81%8b/':
    print('about page')
