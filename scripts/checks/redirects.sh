#!/usr/bin/env bash
# The rules of `urlkit check --variants --emit-redirects nginx|apache|caddy` (issue 29 item 5)
# on the real servers from Debian's packages. For each server: a static site of pages with
# Japanese paths, escapes with digits after them, %25, sub-delimiters, a query and nested
# segments (scripts/checks/lib/redirect_site.py) served by the server itself on 127.0.0.1 from
# a config in a temporary directory; `check --variants --emit-redirects` writes the rules; the
# server's own check loads them (nginx -t, apache2 -t, caddy validate); the server runs again
# with them and a second `check --variants` must give every path spelling
# redirects-to-canonical (or same-request as one that does), and every URL ok. Spellings of another scheme or host (https) are
# no path rule: the emitter must say so for each, and they are counted apart. A probe shows
# why Caddy's path matcher cannot be used (it matches an escape in either hex case).
# Every server run is bounded by timeout and stopped at the end (trap).
set -euo pipefail
cd "$(dirname "$0")/../.."

export PATH="$PATH:/usr/sbin:/sbin"
missing=()
command -v nginx >/dev/null 2>&1 || missing+=(nginx)
command -v apache2 >/dev/null 2>&1 || missing+=(apache2)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

cargo build --quiet --locked -p urlkit-cli
target="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
urlkit="$target/debug/urlkit"

work="$(mktemp -d)"
# The servers' workers (nobody, www-data when started as root) read the site.
chmod 755 "$work"
server_pid=""
stop() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
trap 'stop; [ -n "${KEEP:-}" ] || rm -rf "$work"; [ -n "${KEEP:-}" ] && echo "kept $work"' EXIT

python3 scripts/checks/lib/redirect_site.py "$work/site" > "$work/paths"
chmod -R a+rX "$work/site"

# A free high port on 127.0.0.1.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# Waits (at most 10 s) until the server answers on $port.
wait_up() {
  for _ in $(seq 100); do
    if curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$port/"; then return 0; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then echo "$1 exited at start:"; cat "$2"; exit 1; fi
    sleep 0.1
  done
  echo "$1 did not answer on 127.0.0.1:$port"; cat "$2"; exit 1
}

nginx_config() {
  mkdir -p "$dir/tmp"
  cat > "$dir/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path $dir/tmp/body; proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi; uwsgi_temp_path $dir/tmp/uwsgi; scgi_temp_path $dir/tmp/scgi;
  server {
    listen 127.0.0.1:$port;
    root $work/site;
    include $dir/rules;
  }
}
EOF
}
nginx_test() { nginx -t -q -c "$dir/nginx.conf" -p "$dir/" > "$dir/test.log" 2>&1 || { cat "$dir/test.log"; return 1; }; }
nginx_run() { timeout 120 nginx -c "$dir/nginx.conf" -p "$dir/" > "$dir/server.log" 2>&1 & server_pid=$!; }

apache_config() {
  local mods=/usr/lib/apache2/modules
  cat > "$dir/httpd.conf" <<EOF
ServerRoot $dir
PidFile $dir/httpd.pid
ErrorLog $dir/error.log
Mutex file:$dir default
LoadModule mpm_event_module $mods/mod_mpm_event.so
LoadModule authz_core_module $mods/mod_authz_core.so
LoadModule dir_module $mods/mod_dir.so
LoadModule mime_module $mods/mod_mime.so
LoadModule rewrite_module $mods/mod_rewrite.so
User www-data
Group www-data
Listen 127.0.0.1:$port
ServerName 127.0.0.1
TypesConfig /etc/mime.types
DirectoryIndex index.html
<VirtualHost 127.0.0.1:$port>
  DocumentRoot $work/site
  <Directory $work/site>
    Require all granted
  </Directory>
  Include $dir/rules
</VirtualHost>
EOF
}
apache_test() { apache2 -t -f "$dir/httpd.conf" > "$dir/test.log" 2>&1 || { cat "$dir/test.log"; return 1; }; }
apache_run() { timeout 120 apache2 -X -f "$dir/httpd.conf" > "$dir/server.log" 2>&1 & server_pid=$!; }

caddy_config() {
  # Caddy refuses to import an empty file: the import only once there are rules.
  local import=""
  [ -s "$dir/rules" ] && import="import $dir/rules"
  cat > "$dir/Caddyfile" <<EOF
{
	admin off
	auto_https off
	storage file_system $dir/data
}
http://127.0.0.1:$port {
	root * $work/site
	@probe path /probe/%e9%81%8b
	respond @probe "path matcher matched" 200
	$import
	file_server
}
EOF
}
caddy_env() { env HOME="$dir" XDG_DATA_HOME="$dir/data" XDG_CONFIG_HOME="$dir/config" "$@"; }
caddy_test() { caddy_env caddy validate --config "$dir/Caddyfile" --adapter caddyfile > "$dir/validate.log" 2>&1 || { cat "$dir/validate.log"; return 1; }; }
# env, not caddy_env: a function run in the background is a subshell, and its pid is not the
# server's (stop would leave the server running).
caddy_run() { env HOME="$dir" XDG_DATA_HOME="$dir/data" XDG_CONFIG_HOME="$dir/config" timeout 120 caddy run --config "$dir/Caddyfile" --adapter caddyfile > "$dir/server.log" 2>&1 & server_pid=$!; }

for server in nginx apache caddy; do
  start=$SECONDS
  dir="$work/$server"
  mkdir -p "$dir"
  port="$(free_port)"
  : > "$dir/rules"
  "${server}_config"
  "${server}_test" || { echo "$server: the config without rules does not load"; exit 1; }
  mapfile -t urls < <(sed "s|^|http://127.0.0.1:$port|" "$work/paths")

  # 1. The site as it is: the emitter writes the rules.
  "${server}_run"
  wait_up "$server" "$dir/server.log"
  if [ "$server" = caddy ]; then
    probe="$(curl -s --max-time 5 "http://127.0.0.1:$port/probe/%E9%81%8B")"
    [ "$probe" = "path matcher matched" ] || { echo "caddy: the path matcher no longer matches the other hex case ($probe): revisit the rules"; exit 1; }
  fi
  status=0
  timeout 120 "$urlkit" check --variants --retries 0 --timeout 5 --emit-redirects "$server" \
    "${urls[@]}" > "$dir/rules.new" 2> "$dir/emit.stderr" || status=$?
  [ "$status" -le 1 ] || { echo "$server: check --emit-redirects exited $status"; cat "$dir/emit.stderr"; exit 1; }
  stop
  mv "$dir/rules.new" "$dir/rules"
  "${server}_config"
  rules=$(grep -c -e '^if ' -e '^RewriteRule ' -e '^redir ' "$dir/rules" || true)
  [ "$rules" -gt 0 ] || { echo "$server: no rules written"; cat "$dir/emit.stderr"; exit 1; }

  # 2. The rules load.
  "${server}_test" || { echo "$server: the emitted rules do not load:"; cat "$dir/rules"; exit 1; }

  # 3. Behind them, every path spelling redirects permanently to its canonical.
  "${server}_run"
  wait_up "$server" "$dir/server.log"
  status=0
  timeout 120 "$urlkit" check --variants --retries 0 --timeout 5 --json \
    "${urls[@]}" > "$dir/after.jsonl" 2> "$dir/after.stderr" || status=$?
  stop
  [ "$status" -le 1 ] || { echo "$server: the second check exited $status"; cat "$dir/after.stderr"; exit 1; }
  python3 - "$server" "$dir/after.jsonl" "$dir/emit.stderr" "$dir/rules" "$rules" "$((SECONDS - start))" <<'EOF'
import json
import sys

server, after, emit_stderr, rules_file, rules, secs = sys.argv[1:]
OTHER_SERVER_BLOCK = {"https", "http", "www-added", "www-removed"}
records = [json.loads(line) for line in open(after, encoding="utf-8")]
notes = open(emit_stderr, encoding="utf-8").read()
bad, good, other = [], 0, 0
for r in records:
    if r["verdict"] != "ok":
        bad.append(f'{r["url"]}: {r["verdict"]} ({r["message"]})')
    if not r["variants"]:
        bad.append(f'{r["url"]}: no variants checked')
    for v in r["variants"]:
        if v["spelling"] in OTHER_SERVER_BLOCK:
            other += 1
            if f'no rule for {v["spelling"]} {v["url"]}' not in notes:
                bad.append(f'{v["url"]}: the emitter did not say it wrote no rule for {v["spelling"]}')
        elif v["verdict"] == "redirects-to-canonical":
            good += 1
        elif v["verdict"] == "same-request" and any(
            w["spelling"] == v["same_as"] and w["verdict"] == "redirects-to-canonical"
            for w in r["variants"]
        ):
            # The same bytes as a spelling that redirects (the raw IRI is sent in uppercase
            # hex): requested once, and it redirects with that one.
            good += 1
        else:
            bad.append(f'{v["url"]} ({v["spelling"]}): {v["verdict"]}: {v["message"]}')
if bad:
    print(f"{server}: behind the emitted rules, not every spelling redirects to its canonical:")
    print("\n".join(bad))
    print("--- rules\n" + open(rules_file, encoding="utf-8").read())
    sys.exit(1)
print(
    f"{server}: {rules} rules load; behind them {good} path spellings of {len(records)} URLs "
    f"redirect permanently to the canonical ({other} https spellings need another server "
    f"block: said, not written) in {secs} s"
)
EOF
done
