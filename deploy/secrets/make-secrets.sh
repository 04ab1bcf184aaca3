#!/usr/bin/env bash
# The deployment's secrets as files, one per secret, which docker-compose.yml passes to the services as compose
# secrets (mounted under /run/secrets, read through each service's <NAME>_FILE variable) instead of environment
# values. Each generated value is random and long enough for the production profile's rules (32 characters or more,
# none of the values .env.example or the docs show).
#
#   deploy/secrets/make-secrets.sh [directory]      # default: BILLING_SECRETS_DIR from the environment, else ./secrets
#
# Never replaces a file that exists: run it again after deleting one to make that one anew (docs/operations.md,
# "Rotate keys and secrets"). Some are not made here, only left empty for you to fill in: the relayer keys (each must
# be the key of the address the chain's vault was deployed with; empty: no relayer) and the USDT chain's data
# provider's key (empty: none).
set -euo pipefail

dir="${1:-${BILLING_SECRETS_DIR:-./secrets}}"
command -v openssl >/dev/null 2>&1 || { echo "make-secrets.sh: openssl is needed (Debian: apt-get install openssl)" >&2; exit 1; }
mkdir -p "$dir"
# Only the operator opens the directory; the files themselves are readable by the containers' own users (the services
# run as uid 65532, PostgreSQL and Grafana as their own), which see nothing but the file mounted for them.
chmod 700 "$dir"

made=()
secret() {
  local name="$1" value="$2"
  if [ -e "$dir/$name" ]; then
    return
  fi
  # No newline after the value: PostgreSQL and Grafana read a secret file as it is.
  printf '%s' "$value" > "$dir/$name"
  chmod 644 "$dir/$name"
  made+=("$name")
}

secret admin-token "$(openssl rand -hex 32)"
secret postgres-password "$(openssl rand -hex 32)"
# keyId:base64key, one 32-byte key (docs/operations.md, "Webhook secrets at rest").
secret sealing-keys "k1:$(openssl rand -base64 32)"
secret usdt-keys "$(openssl rand -hex 24)"
secret usdt-webhook-secret "whsec_$(openssl rand -base64 32)"
secret grafana-admin-password "$(openssl rand -hex 24)"
secret test-relayer-key ""
secret live-relayer-key ""
secret usdt-rpc-api-key ""

if [ ${#made[@]} -eq 0 ]; then
  echo "make-secrets.sh: every secret already exists in $dir"
else
  echo "make-secrets.sh: made ${made[*]} in $dir"
fi
