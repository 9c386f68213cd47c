#!/bin/bash
# judge in a stock container, for real: a minimal Debian root file system
# made here with debootstrap, imported into podman as the base image,
# judge's Containerfile built on it, and the container run with podman's
# defaults (its default seccomp profile, no --privileged, no added
# capability). Inside, tests/container/inside.sh grades the hostile suite
# and fixture packages. `make container-test` runs this; CI too.
#
# Needs podman, debootstrap and root (debootstrap). On machines with a
# hybrid cgroup layout crun refuses to start containers, so runc is used,
# and where root lacks CAP_SYS_RESOURCE the container cannot raise its
# open-files and process limits above the host's: both set explicitly.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${JUDGE_CONTAINER_WORK:-$ROOT/target/container}
SUITE=${SUITE:-bookworm}
BASE=localhost/judge-base:$SUITE
for tool in podman debootstrap; do
    command -v "$tool" > /dev/null || { echo "container test: $tool is not installed (make deps installs it)"; exit 2; }
done
mkdir -p "$WORK"
started=$(date +%s)
if ! podman image exists "$BASE"; then
    rm -rf "$WORK/rootfs"
    echo "== debootstrap --variant=minbase $SUITE"
    debootstrap --variant=minbase "$SUITE" "$WORK/rootfs" http://deb.debian.org/debian > "$WORK/debootstrap.log" 2>&1 \
        || { tail -n 20 "$WORK/debootstrap.log"; exit 1; }
    tar -C "$WORK/rootfs" -c . | podman import - "$BASE" > /dev/null
    rm -rf "$WORK/rootfs"
fi
echo "== build judge's Containerfile on $BASE"
(cd "$ROOT" && cargo build --release --locked --bin judge)
rm -rf "$WORK/context" && mkdir -p "$WORK/context"
cp "$ROOT/target/release/judge" "$WORK/context/judge"
podman build --runtime runc --build-arg "BASE=$BASE" --build-arg "TOOLCHAINS=gcc g++ python3" \
    -f "$ROOT/Containerfile" -t localhost/judge:test "$WORK/context" > "$WORK/build.log" 2>&1 \
    || { tail -n 30 "$WORK/build.log"; exit 1; }
echo "== run it with podman's defaults"
podman run --rm --runtime runc \
    --ulimit nofile=1024:1024 --ulimit nproc=4096:4096 \
    -v "$ROOT:/src:ro" --entrypoint /bin/sh localhost/judge:test /src/tests/container/inside.sh
echo "== container test passed ($(( $(date +%s) - started )) s)"
