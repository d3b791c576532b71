"""Extract the texts to translate and bring the translations' catalogs up to date (Babel).

Run from anywhere:   python docs/gen_catalogs.py          (rewrites the template and the catalogs)
                     python docs/gen_catalogs.py --check  (exit 1 if the template is out of date)

It writes ``wingspan_rules/locale/wingspan_rules.pot`` (every marked text of the package, with
the file it is in) and updates ``wingspan_rules/locale/<lang>/LC_MESSAGES/wingspan_rules.po``
for each language: a new text is added untranslated, a text no longer in the code is kept as
obsolete (``#~``), and nothing is guessed (no fuzzy matching).  See docs/translating.md.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "wingspan_rules" / "locale"
POT = LOCALE / "wingspan_rules.pot"
KEYWORDS = ["-k", "_r:2"]  # a rule's summary (wingspan_rules/rules.py)
LANGS = ["es"]
PLURALS = {"es": "nplurals=2; plural=(n != 1);"}


def extract(out: Path) -> None:
    os.chdir(ROOT)  # (the template names the files from the project's root)
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            *KEYWORDS,
            "--add-location=file",
            "--sort-by-file",
            "--no-wrap",
            "--project=wingspan_rules",
            "--copyright-holder=the wingspan_rules authors",
            "-o",
            str(out),
            "wingspan_rules",
        ]
    )


def messages(path: Path) -> list[tuple[object, object, tuple[str, ...]]]:
    with path.open("rb") as f:
        catalog = read_po(f)
    return [(m.id, m.context, tuple(sorted({p for p, _ in m.locations}))) for m in catalog if m.id]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        with tempfile.TemporaryDirectory() as tmp:
            fresh = Path(tmp) / "fresh.pot"
            extract(fresh)
            if not POT.exists() or messages(fresh) != messages(POT):
                print("wingspan_rules/locale/wingspan_rules.pot is stale: run python docs/gen_catalogs.py")
                return 1
        return 0
    LOCALE.mkdir(exist_ok=True)
    extract(POT)
    for lang in LANGS:
        po = LOCALE / lang / "LC_MESSAGES" / "wingspan_rules.po"
        if po.exists():
            CommandLineInterface().run(["pybabel", "-q", "update", "-i", str(POT), "-o", str(po), "-l", lang, "--no-fuzzy-matching", "--no-wrap", "--ignore-pot-creation-date"])
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
            CommandLineInterface().run(["pybabel", "-q", "init", "-i", str(POT), "-o", str(po), "-l", lang, "--no-wrap"])
            # gettext's plural rule for the language (CLDR's, which Babel writes, has a third form
            # for millions that no message here needs)
            text = re.sub(r'^"Plural-Forms: .*$', f'"Plural-Forms: {PLURALS[lang]}\\\\n"', po.read_text(), flags=re.M)
            po.write_text(re.sub(r'^msgstr\[[2-9]\] ""\n', "", text, flags=re.M))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
