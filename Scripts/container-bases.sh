#!/usr/bin/env bash
# Builds local stand-ins for Deploy/Dockerfile's three base images, for machines that reach
# Debian's package mirror but no container registry. Each is a Debian 12 root file system made
# by mmdebstrap and imported into podman's local store:
#   SWIFT_IMAGE    Debian 12 with the C/C++ build dependencies of Swift (what swift:6.3-bookworm
#                  installs for `swift build`) and this machine's Swift toolchain
#                  (SWIFT_TOOLCHAIN, default /opt/swift), which by default is not copied but
#                  mounted read-only at the same path during the build (CONTAINER_TOOLCHAIN=mount:
#                  a 0.3 GB image instead of 2.1 GB, about 3 minutes less on a cold cache).
#                  CONTAINER_TOOLCHAIN=copy copies it into the image's /usr, as in the real image,
#                  leaving out what a package build does not run (lldb, sourcekit-lsp, docc,
#                  swift-format, clangd, embedded Swift)
#   BUSYBOX_IMAGE  Debian's busybox-static (/bin/busybox, 1.35, static glibc)
#   RUNTIME_IMAGE  like distroless/cc-debian12:nonroot: libc6, libgcc-s1, libstdc++6, base-files,
#                  netbase, passwd/group with root and nonroot (65532); no shell, no dpkg
# An image is rebuilt only when its tag is missing. The tag carries a hash of this script (and,
# for the toolchain image, of `swift --version` and the mode), so changing either makes new ones.
# Prints the options for `podman build -f Deploy/Dockerfile`, one per line, on stdout
# (--build-arg=NAME=image, and in mount mode --volume=toolchain); logs on stderr.
# Needs root, podman and mmdebstrap (Scripts/container-smoke.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain="${SWIFT_TOOLCHAIN:-/opt/swift}"
mode="${CONTAINER_TOOLCHAIN:-mount}"
case "$mode" in mount|copy) ;; *) echo "container-bases: CONTAINER_TOOLCHAIN is mount or copy, not $mode" >&2; exit 1;; esac
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
repo=localhost/a11y-audit-base
recipe="$(sha256sum "$0" | cut -c1-12)"
swift_version="$("$toolchain/usr/bin/swift" --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1)"
swift_recipe="$( { cat "$0"; echo "$mode $toolchain"; "$toolchain/usr/bin/swift" --version 2>/dev/null; } | sha256sum | cut -c1-12)"

swift_image="$repo/swift:${swift_version:-unknown}-bookworm-$mode-$swift_recipe"
busybox_image="$repo/busybox:bookworm-$recipe"
runtime_image="$repo/cc-debian12:nonroot-$recipe"

log() { echo "container-bases: $*" >&2; }

# mmdebstrap writes the root file system as a tar stream on stdout ("-"); podman imports it as
# a one-layer image. Documentation and locales are not installed.
bootstrap() {
    local image="$1"; shift
    # The label marks images made from the stand-ins (podman build copies it into every layer
    # of Deploy/Dockerfile's stages), so Scripts/container-smoke.sh prunes only those.
    local changes=(--change 'LABEL dev.a11y-audit.stand-in=true')
    while [ "$1" != "--" ]; do changes+=(--change "$1"); shift; done; shift
    if podman image exists "$image"; then log "$image: present"; return; fi
    log "$image: building"
    local start=$SECONDS
    # Imported under a temporary name and tagged only once it is known good: the tag is what
    # later runs trust ("present" above), and a failed mmdebstrap still gives podman an empty
    # tar stream, which it imports as an empty image.
    local partial="$image-partial"
    podman rmi --force "$partial" >/dev/null 2>&1 || true
    if ! mmdebstrap --mode=root --format=tar --quiet \
        --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
        --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
        "$@" bookworm - "$mirror" \
        | podman import --quiet "${changes[@]}" - "$partial" >/dev/null; then
        podman rmi --force "$partial" >/dev/null 2>&1 || true
        log "$image: mmdebstrap or podman import failed; nothing tagged"
        exit 1
    fi
    # Every stand-in holds at least libc or busybox: some megabytes.
    local size
    size="$(podman image inspect --format '{{.Size}}' "$partial")"
    if [ "${size:-0}" -lt 1000000 ]; then
        podman rmi --force "$partial" >/dev/null 2>&1 || true
        log "$image: the imported file system is ${size:-0} bytes, not a root file system; nothing tagged"
        exit 1
    fi
    podman tag "$partial" "$image"
    podman untag "$partial" "$partial"
    log "$image: built in $((SECONDS - start)) s, $(awk -v size="$size" 'BEGIN {printf "%.0f MB", size / 1e6}')"
}

# The toolchain's files that `swift build` of a package needs: everything but debuggers,
# editors' services, documentation tools and the embedded-Swift runtimes.
copy_toolchain='tar -C "'"$toolchain"'/usr" -cf - \
    --exclude=./bin/lldb* --exclude=./bin/sourcekit-lsp --exclude=./bin/docc \
    --exclude=./bin/clangd --exclude=./bin/swift-format --exclude=./bin/wasmkit \
    --exclude=./lib/liblldb.so* --exclude=./lib/libsourcekitdInProc.so \
    --exclude=./lib/libSwiftSourceKit*Plugin.so --exclude=./lib/swift/embedded \
    --exclude=./lib/swift/FrameworkABIBaseline --exclude=./share/doc . \
    | tar -C "$1/usr" -xf -'

missing=()
for tool in mmdebstrap podman; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
    echo "container-bases: needs ${missing[*]} (apt-get install ${missing[*]}; Scripts/container-smoke.sh installs them)" >&2; exit 1
fi
if [ ! -x "$toolchain/usr/bin/swift" ]; then
    echo "container-bases: no Swift toolchain at $toolchain (set SWIFT_TOOLCHAIN)" >&2; exit 1
fi

# Build stage: what swift:6.3-bookworm installs for `swift build` (C library and C++ headers
# for clang, the gold linker, the libraries swift-package and swift-frontend load).
packages=(--variant=essential
    --include=bash,binutils,libc6-dev,libgcc-12-dev,libstdc++-12-dev,libcurl4,libxml2,libsqlite3-0,libncurses6,libedit2,libuuid1,zlib1g,tzdata)
if [ "$mode" = copy ]; then
    bootstrap "$swift_image" 'WORKDIR /' 'CMD ["/bin/bash"]' -- "${packages[@]}" --customize-hook="$copy_toolchain"
else
    bootstrap "$swift_image" 'WORKDIR /' 'CMD ["/bin/bash"]' \
        "ENV PATH=$toolchain/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" -- \
        "${packages[@]}" --customize-hook="mkdir -p \"\$1$toolchain\""
fi

# Probe stage: only the busybox-static package, unpacked.
bootstrap "$busybox_image" -- --variant=extract --include=busybox-static

# Runtime: the shared libraries of a --static-swift-stdlib binary, unpacked without dpkg or a
# shell, plus the accounts distroless defines.
bootstrap "$runtime_image" 'USER 65532:65532' 'WORKDIR /home/nonroot' \
    'ENV PATH=/usr/local/bin:/usr/bin:/bin' -- \
    --variant=extract --include=libc6,libgcc-s1,libstdc++6,base-files,netbase \
    --customize-hook='printf "root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n" > "$1/etc/passwd"' \
    --customize-hook='printf "root:x:0:\nnobody:x:65534:\nnonroot:x:65532:\n" > "$1/etc/group"' \
    --customize-hook='install -d -m 0700 -o 65532 -g 65532 "$1/home/nonroot" && install -d -m 1777 "$1/tmp"'

# Stand-ins made by an earlier version of this script are not used
# again: drop them. The other toolchain mode's Swift image is kept.
for current in "$swift_image" "$busybox_image" "$runtime_image"; do
    family="${current%-*}"
    podman images --format '{{.Repository}}:{{.Tag}}' --filter "reference=${current%%:*}" \
        | while read -r old; do
            if [ "$old" != "$current" ] && [ "${old%-*}" = "$family" ]; then
                log "removing the stale $old"; podman rmi "$old" >/dev/null || true
            fi
        done
done

echo "--build-arg=SWIFT_IMAGE=$swift_image"
echo "--build-arg=BUSYBOX_IMAGE=$busybox_image"
echo "--build-arg=RUNTIME_IMAGE=$runtime_image"
if [ "$mode" = mount ]; then echo "--volume=$toolchain:$toolchain:ro"; fi
