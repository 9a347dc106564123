"""`python -m service.cli`: the `escopa` command."""

from __future__ import annotations

import sys

from service.cli.main import main

sys.exit(main())
