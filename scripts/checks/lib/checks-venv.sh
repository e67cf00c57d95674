# Sourced by the checks that need Python packages (botocore, oauthlib, ftfy): creates the virtual
# environment .venv-checks at the repository root once, installs the pinned versions the
# flavors were checked against, and sets CHECKS_PYTHON to its interpreter.
CHECKS_VENV="${CHECKS_VENV:-.venv-checks}"
if ! "$CHECKS_VENV/bin/python" -c 'import botocore, oauthlib, ftfy' >/dev/null 2>&1; then
  if ! python3 -m venv "$CHECKS_VENV" >/dev/null 2>&1; then
    # Debian's python3 needs its venv module as a package of its own.
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv
    python3 -m venv "$CHECKS_VENV"
  fi
  "$CHECKS_VENV/bin/pip" install --quiet --disable-pip-version-check \
    botocore==1.44.8 oauthlib==4.0.1 ftfy==6.3.1
fi
CHECKS_PYTHON="$CHECKS_VENV/bin/python"
