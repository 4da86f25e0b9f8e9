#!/usr/bin/env python3
"""Writes the PNG conformance corpus and its reference pixels (see Scripts/pngsuite.sh).

    pngsuite.py PYPNG_SOURCE_DIR OUT_DIR

OUT_DIR receives, for every image NAME:
  NAME.png   the file to decode
  NAME.rgba  the reference decode: 8-bit RGBA, row-major (pypng's Reader.asRGBA8, which
             rounds 16-bit samples to round(v / 257) and scales 1/2/4-bit grey exactly)
and manifest.txt, one line per image: "good NAME WIDTH HEIGHT" or "bad NAME" (a file every
decoder must refuse).

Three sources:
  * PngSuite (Willem van Schaik's public test images), the subset pypng ships in its
    source distribution (code/pngsuite.py), decoded by pypng;
  * the corrupt x*-images of PngSuite, remade from those files with the same defects
    (signature bytes changed, CR/LF conversion, bad CRCs, bad colour type and bit depth,
    IDAT missing) since pypng ships none of them;
  * images this script encodes itself with every colour type, bit depth, filter type,
    interlacing, tRNS, compression level and IDAT split, from seeded random pixels; each
    is decoded by pypng too and must agree with the pixels it was made from.
"""
import random
import struct
import sys
import zlib

sys.path.insert(0, sys.argv[1] + "/code")
import png  # noqa: E402  (pypng, installed by Scripts/pngsuite.sh)
import pngsuite  # noqa: E402  (the PngSuite images, from pypng's source distribution)

out = sys.argv[2]
manifest = []


def chunks(data):
    """(type, body) of every chunk of a PNG file."""
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        yield data[at + 4:at + 8], data[at + 8:at + 8 + length]
        at += 12 + length


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def assemble(parts):
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunk(k, b) for k, b in parts)


def reference(data):
    """pypng's 8-bit RGBA. sBIT is left out first: like libpng and Pillow (and this decoder),
    the reference shows the stored samples, not ones shifted to the significant bits."""
    plain = assemble([(k, b) for k, b in chunks(data) if k != b"sBIT"])
    width, height, rows, _ = png.Reader(bytes=plain).asRGBA8()
    pixels = bytearray()
    for row in rows:
        pixels += bytes(row)
    return width, height, bytes(pixels)


def good(name, data, expected=None):
    width, height, pixels = reference(data)
    if expected is not None and pixels != expected:
        raise SystemExit(f"pypng disagrees with the pixels {name} was made from")
    with open(f"{out}/{name}.png", "wb") as f:
        f.write(data)
    with open(f"{out}/{name}.rgba", "wb") as f:
        f.write(pixels)
    manifest.append(f"good {name} {width} {height}")


def bad(name, data):
    with open(f"{out}/{name}.png", "wb") as f:
        f.write(data)
    manifest.append(f"bad {name}")


# PngSuite as pypng ships it.
for name, data in sorted(pngsuite.png.items()):
    good("suite-" + name, data)

# PngSuite's corrupt images, remade with the same defects.
base = pngsuite.png["basn0g01"]
parts = list(chunks(base))
bad("xs1n0g01", b"\x88" + base[1:])                       # signature byte 0 changed
bad("xs2n0g01", base[:1] + b"Q" + base[2:])                # signature byte 1
bad("xs4n0g01", base[:4] + b"\x0d\x0d" + base[6:])         # signature bytes 4, 5
bad("xs7n0g01", base[:7] + b"\x0b" + base[8:])             # signature byte 7
bad("xcrn0g04", base.replace(b"\n", b"\r\n", 1))           # LF became CR LF in transfer
bad("xlfn0g04", base.replace(b"\r\n", b"\n", 1))           # CR LF became LF
ihdr = parts[0][1]
bad("xhdn0g08", base[:29] + bytes([base[29] ^ 1]) + base[30:])       # IHDR CRC wrong
bad("xc1n0g08", assemble([(b"IHDR", ihdr[:9] + b"\x01" + ihdr[10:])] + parts[1:]))  # colour type 1
bad("xc9n2c08", assemble([(b"IHDR", ihdr[:9] + b"\x09" + ihdr[10:])] + parts[1:]))  # colour type 9
bad("xd0n2c08", assemble([(b"IHDR", ihdr[:8] + b"\x00" + ihdr[9:])] + parts[1:]))   # bit depth 0
bad("xd3n2c08", assemble([(b"IHDR", ihdr[:8] + b"\x03" + ihdr[9:])] + parts[1:]))   # bit depth 3
bad("xd9n2c08", assemble([(b"IHDR", ihdr[:8] + b"\x63" + ihdr[9:])] + parts[1:]))   # bit depth 99
bad("xdtn0g01", assemble([p for p in parts if p[0] != b"IDAT"]))                     # no IDAT
idat = next(i for i, p in enumerate(parts) if p[0] == b"IDAT")
raw = assemble(parts)
at = raw.index(b"IDAT") + 4 + len(parts[idat][1])
bad("xcsn0g01", raw[:at] + bytes([raw[at] ^ 0x40]) + raw[at + 1:])                  # IDAT CRC wrong

# Our own encodings of every colour type and bit depth.
rng = random.Random(27)
DEPTHS = {0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]}
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def pack(samples, depth):
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    per = 8 // depth
    out = bytearray()
    for i in range(0, len(samples), per):
        byte = 0
        group = samples[i:i + per]
        for j, s in enumerate(group):
            byte |= s << (8 - depth * (j + 1))
        out.append(byte)
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filtered(row, previous, kind, bpp):
    out = bytearray([kind])
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = previous[i] if previous else 0
        c = previous[i - bpp] if previous and i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - predictor) & 0xFF)
    return bytes(out)


def encode(width, height, colour, depth, image, interlace, palette=None, trns=None, level=6, split=0):
    """image: rows of samples. Filter types cycle per row so each one meets every case."""
    channels = CHANNELS[colour]
    bpp = max(1, channels * depth // 8)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    data = bytearray()
    kind = 0
    for x0, y0, dx, dy in passes:
        xs = range(x0, width, dx)
        if not xs or y0 >= height:
            continue
        previous = None
        for y in range(y0, height, dy):
            samples = [s for x in xs for s in image[y][x * channels:(x + 1) * channels]]
            row = pack(samples, depth)
            data += filtered(row, previous, kind % 5, bpp)
            kind += 1
            previous = row
    z = zlib.compress(bytes(data), level)
    parts = [(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace))]
    if palette:
        parts.append((b"PLTE", b"".join(bytes(p) for p in palette)))
    if trns is not None:
        parts.append((b"tRNS", trns))
    parts.append((b"tEXt", b"Comment\x00written by Scripts/pngsuite.py"))
    if split:
        for i in range(0, len(z), split):
            parts.append((b"IDAT", z[i:i + split]))
    else:
        parts.append((b"IDAT", z))
    parts.append((b"IEND", b""))
    return assemble(parts)


def expected_rgba(width, height, colour, depth, image, palette, alpha, key):
    maxval = (1 << depth) - 1

    def to8(v):
        return (v * 255 + maxval // 2) // maxval

    out = bytearray()
    for row in image:
        for x in range(width):
            s = row[x * CHANNELS[colour]:(x + 1) * CHANNELS[colour]]
            if colour == 3:
                r, g, b = palette[s[0]]
                out += bytes([r, g, b, alpha[s[0]] if s[0] < len(alpha) else 255])
            elif colour in (0, 4):
                g = to8(s[0])
                a = to8(s[1]) if colour == 4 else (0 if key == s else 255)
                out += bytes([g, g, g, a])
            else:
                a = to8(s[3]) if colour == 6 else (0 if key == s else 255)
                out += bytes([to8(s[0]), to8(s[1]), to8(s[2]), a])
    return bytes(out)


count = 0
for colour, depths in DEPTHS.items():
    for depth in depths:
        for interlace in (0, 1):
            for width, height in [(1, 1), (3, 2), (9, 9), (37, 13)]:
                count += 1
                maxval = (1 << depth) - 1
                channels = CHANNELS[colour]
                palette, alpha, key, trns = None, b"", None, None
                if colour == 3:
                    entries = rng.randint(1, 1 << depth)
                    palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(entries)]
                    alpha = bytes(rng.randrange(256) for _ in range(rng.randint(0, entries)))
                    trns = alpha if alpha else None
                    maxval = entries - 1
                # A few sample values only, so runs and the colour key both occur.
                values = [rng.randint(0, maxval) for _ in range(4)] + [0, maxval]
                image = [[rng.choice(values) if rng.random() < 0.7 else rng.randint(0, maxval)
                          for _ in range(width * channels)] for _ in range(height)]
                if colour in (0, 2) and count % 2 == 0:
                    key = image[0][:channels]
                    trns = b"".join(struct.pack(">H", s) for s in key)
                data = encode(width, height, colour, depth, image, interlace, palette, trns,
                              level=[0, 1, 6, 9][count % 4], split=[0, 1, 7, 0][count % 4])
                name = f"own-c{colour}d{depth}i{interlace}-{width}x{height}"
                good(name, data, expected_rgba(width, height, colour, depth, image, palette, alpha, key))

with open(f"{out}/manifest.txt", "w") as f:
    f.write("\n".join(manifest) + "\n")
print(f"pngsuite.py: {sum(1 for m in manifest if m.startswith('good'))} images with reference pixels, "
      f"{sum(1 for m in manifest if m.startswith('bad'))} corrupt ones, in {out}")
