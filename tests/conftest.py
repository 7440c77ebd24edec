"""Hypothesis profiles: "ci" when the CI environment variable is set, else "dev"."""

import os

from hypothesis import settings

settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("ci", deadline=None, max_examples=200, derandomize=True, print_blob=True)
_ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
settings.load_profile("ci" if _ci else "dev")
