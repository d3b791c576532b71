"""``python -m wingspan_rules.lsp``: the language server over stdin and stdout, as
``wingspan-rules lsp`` starts it (``--stdio``, which editors pass, is accepted)."""

from __future__ import annotations

import sys


def run(argv: list[str]) -> int:
    unknown = [a for a in argv if a != "--stdio"]
    if unknown:
        print(f"wingspan_rules.lsp: unknown argument {unknown[0]!r} (the server speaks over stdin and stdout; --stdio is the only option)", file=sys.stderr)
        return 2
    try:
        from .server import main
    except ImportError as err:
        print(f"wingspan_rules.lsp: error: {err}", file=sys.stderr)
        return 2
    return main()


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
