#!/usr/bin/env bash
# What a site without https costs `urlkit check --variants` (issue 29's acceptance: at most
# 1.5x the time of the same run without the https variants).
#
#   scripts/bench/check-https-refused.sh [PAGES]
#
# In a network namespace of its own (`unshare -rn`: nothing leaves the machine, and port 80
# is ours), a WordPress-like site of PAGES pages (default 50, Japanese slugs in lowercase hex)
# answers on 127.0.0.1:80 and nothing listens on 443, so every https variant is refused. The
# site sends the uppercase-hex, slashless and index.php spellings to the page with a 301 and
# answers 404 for the others. Each run checks its sitemap with --variants (default retries,
# 3), once with every spelling and once with --skip-spellings https, ROUNDS times each
# (default 5) in turn; the script prints every wall time, the medians and their ratio.
# URLKIT names the binary (default target/release/urlkit). Nothing here asserts a duration.
set -euo pipefail
cd "$(dirname "$0")/../.."

pages=${1:-50}
rounds=${ROUNDS:-5}
urlkit=$(realpath "${URLKIT:-target/release/urlkit}")
[ -x "$urlkit" ] || { echo "no $urlkit (cargo build --release -p urlkit-cli, or set URLKIT)" >&2; exit 2; }

if [ "${IN_NAMESPACE:-}" != 1 ]; then
    command -v unshare >/dev/null || { echo "unshare is missing (util-linux)" >&2; exit 2; }
    exec env IN_NAMESPACE=1 URLKIT="$urlkit" ROUNDS="$rounds" unshare -rn bash "$0" "$pages"
fi
ip link set lo up

tmp=$(mktemp -d)
server_pid=
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/site.py" <<'EOF'
import sys, urllib.parse
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler

PAGES = int(sys.argv[1])
slugs = [urllib.parse.quote(f"記事-{i}").lower() for i in range(PAGES)]
pages = {f"/{s}/" for s in slugs}
moved = {}
for s in slugs:
    for spelling in (f"/{s.upper()}/", f"/{s.upper()}", f"/{s}", f"/{s}/index.php"):
        moved[spelling] = f"/{s}/"

class Site(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path
        base = "http://127.0.0.1"
        if path == "/sitemap.xml":
            locs = "".join(f"<url><loc>{base}{p}</loc></url>" for p in sorted(pages))
            xml = f'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{locs}</urlset>'
            self.answer(200, xml.encode(), [("Content-Type", "application/xml")])
        elif path in pages:
            html = (f"<!doctype html><html><head><title>記事</title><link rel=canonical "
                    f"href='{base}{path}'></head><body>{'本文。' * 200}</body></html>")
            self.answer(200, html.encode(), [("Content-Type", "text/html; charset=utf-8")])
        elif path in moved:
            self.answer(301, b"", [("Location", base + moved[path])])
        else:
            self.answer(404, b"<html><head><title>404</title></head></html>",
                        [("Content-Type", "text/html")])


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client closing a kept-alive connection is not news.
        pass


Server(("127.0.0.1", 80), Site).serve_forever()
EOF
python3 "$tmp/site.py" "$pages" &
server_pid=$!
for _ in $(seq 50); do
    (exec 3<>/dev/tcp/127.0.0.1/80) 2>/dev/null && break
    sleep 0.1
done

sitemap=sitemap:http://127.0.0.1/sitemap.xml
# One run's wall seconds; its report kept in $tmp/out-NAME for the last lines.
run() {
    local name=$1 start end
    shift
    start=$(date +%s.%N)
    "$urlkit" check --variants "$@" "$sitemap" >"$tmp/out-$name" 2>"$tmp/err-$name" || true
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }' 
}
with=()
without=()
for i in $(seq "$rounds"); do
    with+=("$(run every)")
    without+=("$(run no-https --skip-spellings https)")
    echo "round $i: every spelling ${with[-1]} s, without https ${without[-1]} s"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
mw=$(median "${with[@]}")
mo=$(median "${without[@]}")
echo "pages: $pages; median every spelling: $mw s; median without https: $mo s"
awk -v a="$mw" -v b="$mo" 'BEGIN { printf "ratio (every spelling / without https): %.3f\n", a / b }' 
for name in every no-https; do
    echo "$name: $(head -1 "$tmp/out-$name"); stderr: $(cat "$tmp/err-$name")"
done
