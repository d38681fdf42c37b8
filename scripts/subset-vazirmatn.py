#!/usr/bin/env python3
"""
Makes the Dari/Pashto web font: Vazirmatn (from @fontsource/vazirmatn, SIL Open Font License)
cut down to the Arabic-script letters, marks, digits and punctuation that Dari and Pashto use.
The output is committed (app/fonts/*.woff2); run this again after upgrading @fontsource/vazirmatn:

    apt-get install python3-fonttools python3-brotli   # Debian/Ubuntu
    /usr/bin/python3 scripts/subset-vazirmatn.py

It checks that every Dari and Pashto letter is in the result and prints the sizes. Latin text on a
Dari or Pashto page (names, e-mails, phone numbers) is drawn by the fallback fonts, so it is left out.
Vazirmatn has no Afghani sign (؋); the fallback fonts in app/fonts/vazirmatn.css have it.
"""
from pathlib import Path
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "node_modules/@fontsource/vazirmatn/files"
OUTPUT = ROOT / "app/fonts"
WEIGHTS = (400, 700)

# Keep in step with the unicode-range in app/fonts/vazirmatn.css.
UNICODE_RANGES = [
    (0x0020, 0x0020),  # space (word spacing matches the letters)
    (0x00A0, 0x00A0),  # no-break space
    (0x060C, 0x060C),  # ، Arabic comma
    (0x061B, 0x061B),  # ؛ semicolon
    (0x061F, 0x061F),  # ؟ question mark
    (0x0621, 0x063A),  # hamza .. ghain (Arabic letters used in Dari and Pashto)
    (0x0640, 0x0655),  # tatweel, fa .. yeh, harakat, hamza above/below
    (0x0660, 0x066D),  # Arabic-Indic digits, ٪ ٫ ٬ ٭
    (0x0670, 0x0670),  # superscript alef
    (0x067C, 0x067C),  # ټ
    (0x067E, 0x067E),  # پ
    (0x0681, 0x0681),  # ځ
    (0x0685, 0x0686),  # څ چ
    (0x0689, 0x0689),  # ډ
    (0x0693, 0x0693),  # ړ
    (0x0696, 0x0696),  # ږ
    (0x0698, 0x0698),  # ژ
    (0x069A, 0x069A),  # ښ
    (0x06A9, 0x06A9),  # ک
    (0x06AB, 0x06AB),  # ګ
    (0x06AF, 0x06AF),  # گ
    (0x06BC, 0x06BC),  # ڼ
    (0x06C0, 0x06C0),  # ۀ
    (0x06CC, 0x06CD),  # ی ۍ
    (0x06D0, 0x06D0),  # ې
    (0x06F0, 0x06F9),  # ۰-۹ Eastern Arabic-Indic (Persian) digits
    (0x200C, 0x200F),  # ZWNJ, ZWJ, LRM, RLM
]

DARI_LETTERS = "ءآأؤإئابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیۀ"
PASHTO_LETTERS = "ابپتټثجځچڅحخدډذرړزږژسشښصضطظعغفقکګلمنڼوهۀيېیۍئ"
DIGITS = "۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩"
PUNCTUATION = "،؛؟٬٫٪\u200c"


def unicodes():
    for start, end in UNICODE_RANGES:
        yield from range(start, end + 1)


def main() -> int:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    wanted = list(unicodes())
    for weight in WEIGHTS:
        source = SOURCE / f"vazirmatn-arabic-{weight}-normal.woff2"
        target = OUTPUT / f"vazirmatn-dari-pashto-{weight}.woff2"
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = ["*"]  # joining forms, ligatures, mark positioning, kerning
        options.hinting = False
        options.desubroutinize = True
        options.name_IDs = ["*"]  # keeps the copyright and licence names
        font = subset.load_font(str(source), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=wanted)
        subsetter.subset(font)
        subset.save_font(font, str(target), options)

        cmap = TTFont(str(target)).getBestCmap()
        missing = [c for c in DARI_LETTERS + PASHTO_LETTERS + DIGITS + PUNCTUATION if ord(c) not in cmap]
        if missing:
            print(f"{target.name}: missing {' '.join(missing)}", file=sys.stderr)
            return 1
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes (from {source.stat().st_size}), {len(cmap)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
