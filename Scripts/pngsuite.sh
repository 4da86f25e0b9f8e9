#!/usr/bin/env bash
# PNG conformance corpus for A11yPNGTests' PNGConformanceTests: installs pypng (the
# reference decoder, PyPI) when missing, takes the PngSuite images from pypng's source
# distribution and writes them, remade corrupt x*-images and our own encodings of every
# colour type, bit depth, filter and interlacing, each with pypng's RGBA pixels, into
# .build/pngsuite (see Scripts/pngsuite.py). The test compares every image there; with CI
# set it fails when the corpus is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.20220715.0
work=.build/pngsuite
if ! python3 -c "import png, sys; sys.exit(png.__version__ != '$version')" 2>/dev/null; then
    echo "installing pypng $version (the PNG reference decoder)" >&2
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "pypng==$version"
fi
source_dir="$work/pypng-$version"
if [ ! -f "$source_dir/code/pngsuite.py" ]; then
    mkdir -p "$work/download"
    python3 -m pip download --quiet --disable-pip-version-check --no-binary :all: --no-deps \
        -d "$work/download" "pypng==$version"
    tar -xzf "$work/download/pypng-$version.tar.gz" -C "$work" "pypng-$version/code/pngsuite.py"
fi
rm -rf "$work/images" && mkdir -p "$work/images"
python3 Scripts/pngsuite.py "$source_dir" "$work/images"
