#!/usr/bin/env bash
# Proves that an image tarball runs Java from its own files alone: its layers are unpacked into an empty
# directory, which becomes the root (chroot) of a process in new mount, PID and network namespaces, with only
# what a container engine adds itself (/proc, the /dev/null, zero, random and urandom devices), as the image's
# user (65532) with the image's environment.
#
#   deploy/images/smoke.sh IMAGE.tar                          java -version
#   deploy/images/smoke.sh IMAGE.tar --expect-failure ARG...  java -version, then the image's entrypoint with ARGs:
#                                                             it must start and then exit non-zero by itself
#                                                             (no class or native library missing, no hang)
#   deploy/images/smoke.sh IMAGE.tar -- ARG...                the same, and it must exit 0
# BILLING_* variables of the caller are passed to the entrypoint. The network namespace has no interface up, so
# any broker or database is unreachable. Needs root (chroot, namespaces): skipped with a message otherwise.
set -euo pipefail

die() { printf 'smoke: %s\n' "$*" >&2; exit 1; }
TAR="${1:-}"
[ -f "$TAR" ] || die "usage: smoke.sh IMAGE.tar [--expect-failure|--] [ARG...]"
shift
RUN_ENTRYPOINT=false EXPECT=0
case "${1:-}" in
  --expect-failure) RUN_ENTRYPOINT=true EXPECT=fail; shift ;;
  --) RUN_ENTRYPOINT=true; shift ;;
esac
TIMEOUT="${SMOKE_TIMEOUT:-120}"

if [ "$(id -u)" -ne 0 ]; then
  echo "smoke: skipped for $TAR: chroot and namespaces need root (CI runs as root)"
  exit 0
fi
command -v jq >/dev/null || die "jq is needed to read the image's manifest and config"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/billing-smoke.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
ROOTFS="$WORK/rootfs"
mkdir -p "$WORK/image" "$ROOTFS"
tar -x -f "$TAR" -C "$WORK/image"
CONFIG="$WORK/image/$(jq -r '.[0].Config' "$WORK/image/manifest.json")"
NAME="$(jq -r '.[0].RepoTags[0] // "untagged"' "$WORK/image/manifest.json")"
while read -r layer; do
  # Plain or gzip (Jib's, with libarchive's pax keywords); none of these images has whiteout files.
  tar -x -f "$WORK/image/$layer" -C "$ROOTFS" --warning=no-unknown-keyword
done < <(jq -r '.[0].Layers[]' "$WORK/image/manifest.json")
mkdir -p "$ROOTFS/proc" "$ROOTFS/dev"

USER_ID="$(jq -r '.config.User // "0"' "$CONFIG")"
ENV=()
while read -r kv; do ENV+=("$kv"); done < <(jq -r '.config.Env // [] | .[]' "$CONFIG")
while read -r kv; do ENV+=("$kv"); done < <(env | grep '^BILLING_' || true)
ENTRYPOINT=()
while read -r arg; do ENTRYPOINT+=("$arg"); done < <(jq -r '.config.Entrypoint // [] | .[]' "$CONFIG")

# Runs "$@" inside the image; its output goes to $WORK/out.
in_image() {
  local status=0
  timeout --kill-after=5 "$TIMEOUT" unshare --mount --pid --net --fork --mount-proc="$ROOTFS/proc" \
    bash -c 'set -e; root="$1"; shift
      mount -t tmpfs -o mode=755 tmpfs "$root/dev"
      for d in null zero random urandom; do touch "$root/dev/$d"; mount --bind "/dev/$d" "$root/dev/$d"; done
      exec env -i "$@"' smoke "$ROOTFS" "${ENV[@]}" /usr/sbin/chroot --userspec="$USER_ID" "$ROOTFS" "$@" \
    >"$WORK/out" 2>&1 || status=$?
  [ -z "${SMOKE_LOG:-}" ] || cp "$WORK/out" "$SMOKE_LOG"
  return "$status"
}

start=$(date +%s)
if ! in_image java -version; then
  cat "$WORK/out" >&2
  die "$NAME: java -version failed inside the image"
fi
echo "smoke: $NAME: java -version as $USER_ID with nothing but the image's files: $(head -n 1 "$WORK/out")"

$RUN_ENTRYPOINT || exit 0
[ ${#ENTRYPOINT[@]} -gt 0 ] || die "$NAME has no entrypoint to run"
start=$(date +%s)
status=0
in_image "${ENTRYPOINT[@]}" "$@" || status=$?
took=$(( $(date +%s) - start ))
MISSING='NoClassDefFoundError|ClassNotFoundException|Could not find or load main class|UnsatisfiedLinkError'
MISSING+='|Unrecognized option|Error occurred during initialization of VM|java\.lang\.module\.'
if grep -qE "$MISSING" "$WORK/out"; then
  tail -n 40 "$WORK/out" >&2
  die "$NAME: the entrypoint could not start (see above)"
fi
case "$status" in
  124|137) tail -n 20 "$WORK/out" >&2; die "$NAME: '${*}' did not finish within ${TIMEOUT}s" ;;
esac
if [ "$EXPECT" = fail ] && [ "$status" -eq 0 ]; then
  tail -n 20 "$WORK/out" >&2; die "$NAME: '${*}' exited 0 where it should have failed"
fi
if [ "$EXPECT" = 0 ] && [ "$status" -ne 0 ]; then
  tail -n 20 "$WORK/out" >&2; die "$NAME: '${*}' exited $status"
fi
echo "smoke: $NAME: entrypoint '$*' started and exited $status by itself in ${took}s; its last words:"
grep -v '^[[:space:]]*$' "$WORK/out" | tail -n 1 | cut -c1-240 | sed 's/^/  /'
