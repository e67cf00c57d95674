# expect: S003
from urllib.parse import unquote_plus

for row in rows:
    key = unquote_plus(row['url'])
    index[key] = row
