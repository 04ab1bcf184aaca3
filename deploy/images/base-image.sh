#!/usr/bin/env bash
# Builds the services' base image without a Docker engine or a container registry: a Docker-format image tarball
# (the `docker save` layout: manifest.json, the config JSON and one tar per layer) that Jib builds on
# (`tar://` base image) and that `docker load -i` accepts.
#
#   deploy/images/base-image.sh [--force]     prints the tarball's path (.billing/images/base-image.tar)
#
# Two layers, owned by root but for the nonroot user's two directories, every file dated 1970-01-01T00:00:01Z:
#   os    what a JVM needs from a Linux system, from Debian's own packages (fetched with `apt-get download` and
#         unpacked with `dpkg-deb -x`, never installed): libc6; libgcc-s1 and libstdc++6, which RocksDB's JNI
#         library links (and gcc-12-base, their copyright file); zlib1g only when the JDK's native libraries
#         link the system zlib (Temurin's bundle their own); busybox-static for health checks (`busybox wget`).
#         Nothing else, but /etc/passwd and /etc/group with the user nonroot (65532), /tmp, and /var/lib/billing,
#         owned by 65532, where the services' state volumes go.
#   java  a Java runtime made by jlink from the build's JDK (the one ./billing picks), with only the modules the
#         services use, in /opt/java/openjdk.
# The result depends only on its inputs (the package versions, the JDK, this script), which are written beside
# it: a second run with the same inputs keeps the tarball and only prints its path.
set -euo pipefail
umask 022

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SELF="$ROOT/deploy/images/base-image.sh"
DIR="${BILLING_IMAGES_DIR:-$ROOT/.billing/images}"
OUT="$DIR/base-image.tar"
FORCE=false
[ "${1:-}" = "--force" ] && FORCE=true

# The user the services run as: distroless's "nonroot", so volumes prepared for such images fit these too.
NONROOT_UID=65532
# Every file's time in the layers: the same inputs give the same bytes (Jib dates its own layers the same way).
EPOCH=1
# gcc-12-base holds only the copyright of the GCC runtime libraries (libgcc-s1 and libstdc++6 depend on it).
PACKAGES=(libc6 libgcc-s1 libstdc++6 gcc-12-base busybox-static)
# What the services use, from `jdeps --print-module-deps` over each service's runtime classpath (the union),
# plus what only reflection or a service loader reaches: jdk.httpserver (the streams services' management
# server), jdk.zipfs (jar file systems), jdk.crypto.ec (EC TLS on JDK 21; an empty module from JDK 22 on).
# jdk.jcmd (with jdk.attach) is for operators: `docker exec <container> jcmd 1 Thread.print`, heap and JFR dumps.
MODULES=(java.base java.compiler java.desktop java.instrument java.logging java.management java.naming
  java.net.http java.prefs java.rmi java.scripting java.security.jgss java.security.sasl java.sql java.sql.rowset
  jdk.crypto.ec jdk.httpserver jdk.jcmd jdk.jfr jdk.management jdk.unsupported jdk.zipfs)
# java.desktop is there for java.beans only: its X11, sound and splash-screen libraries (and libjawt, which
# links the X11 one) could never load here, as their system libraries are absent, so they are left out.
JLINK_OPTS=(--strip-debug --no-man-pages --no-header-files --compress=zip-6
  "--exclude-files=**/libawt_xawt.so,**/libjawt.so,**/libsplashscreen.so,**/libjsound.so")

die() { printf 'base-image: %s\n' "$*" >&2; exit 1; }
log() { printf 'base-image: %s\n' "$*" >&2; }
sha256() { sha256sum "$1" | cut -d' ' -f1; }

JDK="${BILLING_BASE_JDK:-$("$ROOT/billing" java-home)}"
[ -x "$JDK/bin/jlink" ] || die "no jlink in $JDK (a JDK, not a JRE, is needed)"
jdk_release() { sed -n "s/^$1=\"\(.*\)\"/\1/p" "$JDK/release"; }
JDK_VERSION="$(jdk_release JAVA_RUNTIME_VERSION)"
JDK_MAJOR="${JDK_VERSION%%[.+]*}"
[ "$JDK_MAJOR" -ge 21 ] 2>/dev/null || die "the JDK at $JDK is '$JDK_VERSION'; 21 or newer is needed"
# Options baked into the runtime (jlink --add-options), so they always fit its own version. The image has no
# locale files, so the C locale would make System.out ASCII: UTF-8 it is, as every file already is (JEP 400).
# JDK 24+ warns at every start unless the rest are allowed (Kafka and RocksDB use sun.misc.Unsafe memory access;
# Netty, RocksDB and zstd load native code).
JAVA_OPTIONS=(-Dstdout.encoding=UTF-8 -Dstderr.encoding=UTF-8)
[ "$JDK_MAJOR" -ge 24 ] && JAVA_OPTIONS+=(--sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED)

# package=version of each package's candidate, in one apt-cache call (about a second each otherwise).
package_versions() {
  local found
  found="$(apt-cache show --no-all-versions "$@" 2>/dev/null |
    awk '/^Package: / {p = $2} /^Version: / && p != "" {print p "=" $2; p = ""}')" || true
  local pkg
  for pkg in "$@"; do grep -q "^$pkg=" <<<"$found" || return 1; done
  echo "$found"
}
if ! VERSIONS="$(package_versions "${PACKAGES[@]}" zlib1g)"; then
  [ "$(id -u)" -eq 0 ] ||
    die "apt has no candidate for one of ${PACKAGES[*]}: run 'apt-get update' as root, then this again"
  log "apt's package lists lack ${PACKAGES[*]}: apt-get update"
  apt-get update -qq >/dev/null
  VERSIONS="$(package_versions "${PACKAGES[@]}" zlib1g)" ||
    die "apt has no candidate for one of ${PACKAGES[*]} zlib1g"
fi

INPUTS="$(
  echo "script $(sha256 "$SELF")"
  echo "jdk $JDK_VERSION $(jdk_release IMPLEMENTOR) modules-file $(sha256 "$JDK/lib/modules")"
  echo "modules ${MODULES[*]}"
  echo "jlink ${JLINK_OPTS[*]} --add-options ${JAVA_OPTIONS[*]}"
  echo "$VERSIONS"
)"
if ! $FORCE && [ -f "$OUT" ] && [ "$(cat "$OUT.inputs" 2>/dev/null)" = "$INPUTS" ]; then
  log "up to date ($OUT)"
  echo "$OUT"
  exit 0
fi

mkdir -p "$DIR/debs"
WORK="$(mktemp -d "$DIR/work.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
OS="$WORK/os"
JAVA="$WORK/java"
mkdir -p "$OS" "$JAVA/opt/java" "$WORK/image"

# --- java layer: the runtime first, as whether zlib1g is needed depends on it
log "jlink $JDK_VERSION (${#MODULES[@]} modules)"
"$JDK/bin/jlink" "${JLINK_OPTS[@]}" --add-options="${JAVA_OPTIONS[*]}" \
  --add-modules "$(IFS=,; echo "${MODULES[*]}")" --output "$JAVA/opt/java/openjdk"
# A runtime whose libraries link the system zlib needs Debian's (a distribution's JDK); Temurin's bundles one.
USED_PACKAGES=("${PACKAGES[@]}")
if grep -rqs --include='*.so' 'libz\.so\.1' "$JAVA/opt/java/openjdk/lib"; then
  USED_PACKAGES+=(zlib1g)
fi

# --- os layer: Debian's packages, unpacked; their documentation (but the copyright files), manual pages,
# lintian, debugger and initramfs files, and glibc's iconv modules (gconv: the JVM converts charsets itself)
# are left out.
version_of() { sed -n "s/^$1=//p" <<<"$VERSIONS"; }
cached_deb() { # the downloaded .deb of package $1 at version $2, if any
  local f
  for f in "$DIR/debs/$1_"*.deb; do
    [ -f "$f" ] && [ "$(dpkg-deb -f "$f" Version)" = "$2" ] && { echo "$f"; return 0; }
  done
  return 0
}
USED_VERSIONS=()
for pkg in "${USED_PACKAGES[@]}"; do USED_VERSIONS+=("$pkg=$(version_of "$pkg")"); done
log "packages: ${USED_VERSIONS[*]}"
for pkg in "${USED_PACKAGES[@]}"; do
  version="$(version_of "$pkg")"
  deb="$(cached_deb "$pkg" "$version")"
  if [ -z "$deb" ]; then
    (cd "$DIR/debs" && apt-get download -qq "$pkg=$version" >/dev/null 2>&1) ||
      die "apt-get download $pkg=$version failed"
    deb="$(cached_deb "$pkg" "$version")"
    [ -n "$deb" ] || die "apt-get download $pkg=$version left no .deb in $DIR/debs"
  fi
  dpkg-deb -x "$deb" "$OS"
  # What a scanner (Trivy, Grype) reads to know the packages inside, as distroless images do.
  mkdir -p "$OS/var/lib/dpkg/status.d"
  dpkg-deb -f "$deb" Package Version Architecture Source Maintainer Homepage Description \
    >"$OS/var/lib/dpkg/status.d/$pkg"
done
find "$OS/usr/share/doc" -mindepth 2 ! -name copyright ! -type d -delete 2>/dev/null || true
find "$OS/usr/share/doc" -mindepth 1 -depth -type d -empty -delete 2>/dev/null || true
rm -rf "$OS/usr/share/man" "$OS/usr/share/lintian" "$OS/usr/share/gcc" "$OS/usr/share/gdb" \
  "$OS/usr/share/initramfs-tools" \
  "$OS/usr/lib/x86_64-linux-gnu/gconv"

mkdir -p "$OS/etc" "$OS/root" "$OS/home/nonroot" "$OS/tmp" "$OS/var/lib/billing"
cat >"$OS/etc/passwd" <<EOF
root:x:0:0:root:/root:/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin
nonroot:x:$NONROOT_UID:$NONROOT_UID:nonroot:/home/nonroot:/sbin/nologin
EOF
cat >"$OS/etc/group" <<EOF
root:x:0:
nogroup:x:65534:
nonroot:x:$NONROOT_UID:
EOF
# Host names from /etc/hosts (written by the container engine) before DNS, as glibc's built-in default does not.
echo 'hosts: files dns' >"$OS/etc/nsswitch.conf"
cat >"$OS/etc/os-release" <<EOF
PRETTY_NAME="abk-billing base (Debian 12 packages, Java $JDK_VERSION)"
NAME="abk-billing base"
ID=debian
VERSION_ID="12"
EOF
chmod 0644 "$OS/etc/passwd" "$OS/etc/group" "$OS/etc/nsswitch.conf" "$OS/etc/os-release"
chmod 0700 "$OS/root" "$OS/home/nonroot"
chmod 1777 "$OS/tmp"
chmod 0755 "$OS/var/lib/billing"

# One layer tar: sorted names, fixed times, numeric owners root, except the directories nonroot owns.
NONROOT_DIRS=(home/nonroot var/lib/billing)
layer_tar() {
  local src="$1" out="$2" dir
  local common=(--format=gnu --mtime="@$EPOCH" --numeric-owner --no-acls --no-xattrs --no-selinux)
  local excludes=(--anchored)
  for dir in "${NONROOT_DIRS[@]}"; do excludes+=("--exclude=$dir"); done
  (cd "$src" && export LC_ALL=C &&
    tar -c -f "$out" "${common[@]}" --sort=name --owner=0 --group=0 "${excludes[@]}" -- *)
  for dir in "${NONROOT_DIRS[@]}"; do
    [ -d "$src/$dir" ] || continue
    (cd "$src" &&
      tar -r -f "$out" "${common[@]}" --owner="$NONROOT_UID" --group="$NONROOT_UID" --no-recursion "$dir")
  done
}

LAYERS=() DIFF_IDS=()
for name in os java; do
  tmp="$WORK/$name.tar"
  layer_tar "$WORK/$name" "$tmp"
  diff="$(sha256 "$tmp")"
  mkdir -p "$WORK/image/$diff"
  mv "$tmp" "$WORK/image/$diff/layer.tar"
  LAYERS+=("\"$diff/layer.tar\"") DIFF_IDS+=("\"sha256:$diff\"")
done

json_list() { local IFS=,; echo "$*"; }
KEY="$(sha256sum <<<"$INPUTS" | cut -c1-12)"
TAG="abk-billing/base:${JDK_VERSION//+/_}-$KEY"
CREATED="1970-01-01T00:00:00Z"
cat >"$WORK/config.json" <<EOF
{"architecture":"amd64","os":"linux","created":"$CREATED",
 "config":{"User":"$NONROOT_UID:$NONROOT_UID",
  "Env":["PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
         "JAVA_HOME=/opt/java/openjdk"],
  "WorkingDir":"/home/nonroot",
  "Labels":{"org.opencontainers.image.title":"abk-billing base",
    "org.opencontainers.image.description":"Debian 12 libraries, busybox and a jlink Java $JDK_VERSION runtime"}},
 "rootfs":{"type":"layers","diff_ids":[$(json_list "${DIFF_IDS[@]}")]},
 "history":[
  {"created":"$CREATED","created_by":"deploy/images/base-image.sh: ${USED_VERSIONS[*]}, /etc/passwd, /tmp"},
  {"created":"$CREATED","created_by":"deploy/images/base-image.sh: jlink $JDK_VERSION $(IFS=,; echo "${MODULES[*]}")"}]}
EOF
CONFIG_SHA="$(sha256 "$WORK/config.json")"
mv "$WORK/config.json" "$WORK/image/$CONFIG_SHA.json"
printf '[{"Config":"%s.json","RepoTags":["%s"],"Layers":[%s]}]\n' \
  "$CONFIG_SHA" "$TAG" "$(json_list "${LAYERS[@]}")" >"$WORK/image/manifest.json"

(cd "$WORK/image" && export LC_ALL=C && tar -c -f "$WORK/base-image.tar" --format=gnu --sort=name \
  --mtime="@$EPOCH" --owner=0 --group=0 --numeric-owner --mode=u=rwX,go=rX -- *)
mv "$WORK/base-image.tar" "$OUT"
printf '%s\n' "$INPUTS" >"$OUT.inputs"
log "built $TAG: $(du -m "$OUT" | cut -f1) MB (os $(du -sm "$OS" | cut -f1) MB, java $(du -sm "$JAVA" | cut -f1) MB)"
echo "$OUT"
