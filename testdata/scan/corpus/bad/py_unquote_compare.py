# expect: S003
from urllib.parse import unquote

if unquote(a) == unquote(b):
    same = True
