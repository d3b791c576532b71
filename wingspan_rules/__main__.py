"""``python -m wingspan_rules``: the command line, the same as ``wingspan-rules``."""

import sys

from .cli import main

sys.exit(main())
