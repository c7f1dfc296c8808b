#!/usr/bin/env bash
# Create/refresh <repo>/.venv with the pinned packages from scripts/requirements.txt.
# Idempotent: pip only runs when the requirements file changed since the last install.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
venv="$root/.venv"
req="$here/requirements.txt"
stamp="$venv/.requirements.sha256"

[ -x "$venv/bin/python" ] || python3 -m venv "$venv"

# Hash the requirements (plus the interpreter, so a rebuilt venv reinstalls).
hash="$( (cat "$req"; "$venv/bin/python" --version) | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$hash" ]; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req"
    echo "$hash" > "$stamp"
fi
