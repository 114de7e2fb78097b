"""``python -m seasalt.server``: the same as ``seasalt-server``."""

from .cli import main

raise SystemExit(main())
