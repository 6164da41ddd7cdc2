"""`python -m uprising_tui` is the `uprising` command."""
import sys

from .cli import main

sys.exit(main())
