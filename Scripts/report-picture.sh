#!/usr/bin/env bash
# Remakes docs/images/report-android.png: the HTML report of our own small Android dump
# (docs/images/report-android.xml) over a screen drawn for it with Pillow, as headless
# Chromium shows it. Needs a built a11y-audit (swift build), Pillow and Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
python3 -c 'import PIL' 2>/dev/null || pip install --quiet pillow
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/coffee.png" <<'PY'
import sys
from PIL import Image, ImageDraw, ImageFont
img = Image.new('RGB', (1080, 2400), (250, 246, 240))
d = ImageDraw.Draw(img)
try:
    big = ImageFont.truetype('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', 72)
    mid = ImageFont.truetype('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 56)
except OSError:
    big = mid = ImageFont.load_default()
d.rectangle([0, 0, 1080, 110], fill=(60, 40, 30))                      # status bar
d.text((63, 190), 'Order coffee', font=big, fill=(60, 40, 30))          # title
d.ellipse([930, 186, 1017, 273], fill=(200, 180, 160))                   # unlabelled close button
d.line([955, 229, 995, 229], fill=(255, 255, 255), width=8)
for y, name, price in [(420, 'Flat white', '3.20'), (630, 'Cappuccino', '3.40')]:
    d.rounded_rectangle([63, y, 1017, y + 180], radius=30, fill=(255, 255, 255), outline=(220, 210, 200), width=3)
    d.text((110, y + 55), name, font=mid, fill=(180, 170, 160))         # faint text
    d.text((800, y + 55), price, font=mid, fill=(180, 170, 160))
d.rectangle([63, 900, 120, 957], outline=(60, 40, 30), width=5)          # small unlabelled check box
d.text((150, 895), 'Large', font=mid, fill=(60, 40, 30))
d.rounded_rectangle([63, 2100, 1017, 2247], radius=70, fill=(196, 98, 45))
d.text((400, 2140), 'Pay now', font=mid, fill=(255, 255, 255))
img.save(sys.argv[1], optimize=True)
PY
cp docs/images/report-android.xml "$work/dump.xml"
(cd "$work" && "$OLDPWD/.build/debug/a11y-audit" audit dump.xml --screenshot coffee.png --format html > report.html) || [ $? -eq 1 ]
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,900 \
  --screenshot="$PWD/docs/images/report-android.png" "file://$work/report.html" 2>/dev/null
echo "wrote docs/images/report-android.png"
