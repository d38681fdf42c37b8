#!/usr/bin/env python3
"""
Makes the Dari/Pashto web font: Vazirmatn (from @fontsource/vazirmatn, SIL Open Font License)
cut down to the characters Dari and Pashto pages draw. The output is committed (app/fonts/*.woff2,
and the unicode-range in app/fonts/vazirmatn.css); run this again after a text brings a new
character (app/fonts/font-coverage.test.ts says so) or after upgrading @fontsource/vazirmatn:

    apt-get install python3-fonttools python3-brotli   # Debian/Ubuntu
    /usr/bin/python3 scripts/subset-vazirmatn.py

Which characters: `node scripts/font-characters.js` (app/fonts/font-characters.ts) derives them
from the real texts — the Dari and Pashto catalogues, the default settings, our number and date
formatting and what Intl writes for fa-AF/ps-AF — plus the Dari and Pashto letters and Basic
Latin whole. Fontsource splits Vazirmatn by script, so the Arabic-script glyphs come from its
`arabic` file and the Latin letters, digits and punctuation from its `latin` file; the two cuts are
merged into one file per weight. Vazirmatn has no glyph for RLM, ALM and the bidi controls: they
get its empty, zero-width LRM glyph, so that they never send the browser to a fallback font.
It fails when a wanted character is in neither file, and prints the sizes.
"""
import json
from pathlib import Path
import subprocess
import sys
import tempfile

from fontTools import subset
from fontTools.merge import Merger, Options as MergeOptions
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "node_modules/@fontsource/vazirmatn/files"
OUTPUT = ROOT / "app/fonts"
CSS = OUTPUT / "vazirmatn.css"
WEIGHTS = (400, 700)

# Invisible format characters drawn with the font's LRM glyph (U+200E): RLM, ALM, LRE, RLE, PDF,
# LRO, RLO, LRI, RLI, FSI, PDI.
ZERO_WIDTH = [0x200F, 0x061C, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
LRM = 0x200E


def wanted_code_points() -> list[int]:
    result = subprocess.run(["node", "scripts/font-characters.js"], cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(result.stdout)["codePoints"]


def subset_options() -> subset.Options:
    options = subset.Options()
    # The features browsers apply by themselves (joining forms, ligatures, marks, kerning) and
    # tabular digits.
    options.layout_features = [*options.layout_features, "tnum"]
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = ["*"]  # keeps the copyright and licence names
    return options


def cut(source: Path, code_points: list[int], target: Path) -> None:
    options = subset_options()
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=code_points)
    subsetter.subset(font)
    font.flavor = None
    font.recalcTimestamp = False
    font.save(str(target))


def build(weight: int, wanted: list[int], work: Path) -> TTFont:
    arabic_file = SOURCE / f"vazirmatn-arabic-{weight}-normal.woff2"
    latin_file = SOURCE / f"vazirmatn-latin-{weight}-normal.woff2"
    arabic = set(TTFont(str(arabic_file)).getBestCmap())
    latin = set(TTFont(str(latin_file)).getBestCmap())
    # Each character from one of the files: the Arabic block, and what only the arabic file has,
    # from the arabic file; the rest (space, Latin, General Punctuation) from the latin file, with
    # its Latin kerning.
    from_arabic = [c for c in wanted if c in arabic and (0x0600 <= c <= 0x06FF or c not in latin)]
    from_latin = [c for c in wanted if c in latin and c not in from_arabic]
    missing = [c for c in wanted if c not in arabic and c not in latin and c not in ZERO_WIDTH]
    if missing:
        raise SystemExit(f"Vazirmatn {weight} has no glyph for {' '.join(f'U+{c:04X} {chr(c)}' for c in missing)}")

    parts = [work / f"arabic-{weight}.ttf", work / f"latin-{weight}.ttf"]
    cut(arabic_file, from_arabic + [LRM], parts[0])
    cut(latin_file, from_latin, parts[1])
    font = Merger(MergeOptions(drop_tables=["STAT"])).merge([str(p) for p in parts])
    # The merger dates the font now; the source's dates make the same input give the same file.
    source_head = TTFont(str(arabic_file))["head"]
    font["head"].created, font["head"].modified = source_head.created, source_head.modified

    zero_width_glyph = font.getBestCmap()[LRM]
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap.update({c: zero_width_glyph for c in ZERO_WIDTH if c in wanted})
    # One more pass over the merged font: shared glyphs, OS/2 character ranges, closure.
    merged = work / f"merged-{weight}.ttf"
    font.recalcTimestamp = False
    font.save(str(merged))
    options = subset_options()
    result = subset.load_font(str(merged), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(result)
    result.flavor = "woff2"
    result.recalcTimestamp = False  # the same input makes the same file
    return result


def unicode_range(code_points: list[int]) -> str:
    parts = []
    i = 0
    while i < len(code_points):
        start = code_points[i]
        while i + 1 < len(code_points) and code_points[i + 1] == code_points[i] + 1:
            i += 1
        parts.append(f"U+{start:04X}" if start == code_points[i] else f"U+{start:04X}-{code_points[i]:04X}")
        i += 1
    return ", ".join(parts)


def write_unicode_ranges(ranges: dict[int, str]) -> None:
    """Sets each @font-face's unicode-range in vazirmatn.css to what its file holds."""
    blocks = CSS.read_text(encoding="utf-8").split("@font-face")
    for index, block in enumerate(blocks):
        for weight, value in ranges.items():
            if f"vazirmatn-dari-pashto-{weight}.woff2" in block:
                start = block.index("unicode-range:")
                end = block.index(";", start)
                blocks[index] = f"{block[:start]}unicode-range: {value}{block[end:]}"
    CSS.write_text("@font-face".join(blocks), encoding="utf-8")
    subprocess.run(["node_modules/.bin/prettier", "--write", "--log-level", "warn", str(CSS.relative_to(ROOT))], cwd=ROOT, check=True)


def main() -> int:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    wanted = wanted_code_points()
    ranges = {}
    with tempfile.TemporaryDirectory() as work:
        for weight in WEIGHTS:
            target = OUTPUT / f"vazirmatn-dari-pashto-{weight}.woff2"
            before = target.stat().st_size if target.exists() else 0
            font = build(weight, wanted, Path(work))
            font.save(str(target))

            cmap = TTFont(str(target)).getBestCmap()
            missing = [c for c in wanted if c not in cmap]
            if missing:
                print(f"{target.name}: missing {' '.join(f'U+{c:04X}' for c in missing)}", file=sys.stderr)
                return 1
            ranges[weight] = unicode_range(sorted(cmap))
            print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes (was {before}), {len(cmap)} characters")
    write_unicode_ranges(ranges)
    print(f"{CSS.relative_to(ROOT)}: unicode-range written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
