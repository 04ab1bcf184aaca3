#!/usr/bin/env bash
# A self-signed certificate and its key for trying the deployment locally over HTTPS: nginx (docker-compose.yml)
# serves them from the paths BILLING_TLS_CERT and BILLING_TLS_KEY name in .env, by default the ones this script writes.
# Browsers and curl do not trust it (curl --cacert deploy/tls/local/cert.pem does); a real deployment uses a
# certificate from a certificate authority instead (docs/operations.md, "TLS at nginx").
#
#   deploy/tls/self-signed.sh [directory] [host name]     # defaults: deploy/tls/local, localhost
#
# Writes <directory>/cert.pem (valid 30 days, for the host name, localhost and 127.0.0.1) and <directory>/key.pem
# (readable by its owner only), and never replaces a pair that exists: delete it to make a new one.
set -euo pipefail

dir="${1:-$(dirname "$0")/local}"
host="${2:-localhost}"
# A short life: this pair is for a try, and nobody should come to rely on it.
days=30

command -v openssl >/dev/null 2>&1 || { echo "self-signed.sh: openssl is needed (Debian: apt-get install openssl)" >&2; exit 1; }
if [ -e "$dir/cert.pem" ] || [ -e "$dir/key.pem" ]; then
  echo "self-signed.sh: $dir already holds a certificate or key; delete them to make a new pair" >&2
  exit 1
fi
mkdir -p "$dir"
umask 077
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days "$days" \
  -subj "/CN=$host" \
  -addext "subjectAltName=DNS:$host,DNS:localhost,IP:127.0.0.1" \
  -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null
# The certificate is public; the key stays readable by its owner alone.
chmod 644 "$dir/cert.pem"
chmod 600 "$dir/key.pem"
echo "self-signed.sh: wrote $dir/cert.pem and $dir/key.pem for $host (valid $days days)"
