#!/bin/sh
# Builds the base image the Containerfile starts from, localhost/mc-debian:bookworm, from Debian packages only (no
# registry image is pulled): debootstrap's minimal Debian 12 (apt, bash, coreutils — no compiler, no Node) imported
# with `podman import`. Kept when it exists; BASE_IMAGE_REBUILD=1 makes it again (e.g. for Debian's security updates).
# Run as root (debootstrap needs it): sh deploy/base-image.sh
set -eu
image=${BASE_IMAGE:-localhost/mc-debian:bookworm}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ "${BASE_IMAGE_REBUILD:-}" != 1 ] && podman image exists "$image"; then
  echo "base image $image: present"
  exit 0
fi
command -v debootstrap >/dev/null || apt-get install -y debootstrap
root=$(mktemp -d /var/tmp/mc-rootfs-XXXXXX)
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase bookworm "$root" "$mirror"
# Security updates from the start; apt's lists and caches are not part of the image.
echo "deb $mirror bookworm-updates main" >>"$root/etc/apt/sources.list"
echo "deb http://deb.debian.org/debian-security bookworm-security main" >>"$root/etc/apt/sources.list"
chroot "$root" sh -c 'apt-get update -q && apt-get upgrade -qy && apt-get clean && rm -rf /var/lib/apt/lists/*'
tar -C "$root" -c . | podman import --change 'CMD ["/bin/bash"]' - "$image"
echo "base image $image: built"
