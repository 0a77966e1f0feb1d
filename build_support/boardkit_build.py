"""setuptools' build backend, with mypy added to the build's requirements when the build is
asked to compile (``BOARDKIT_COMPILE=1``; see ``setup.py``). Without it, this is setuptools'
backend unchanged, and a build needs no compiler."""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the backend's whole interface, unchanged)

COMPILER_REQUIREMENTS = ["mypy>=1.18"]


def _requires(setuptools_hook, config_settings):  # type: ignore[no-untyped-def]
    """setuptools' requirements (it runs ``setup.py`` to find them, before mypy is installed:
    ``BOARDKIT_FINDING_REQUIREMENTS`` tells it not to compile yet), plus mypy if compiling."""
    os.environ["BOARDKIT_FINDING_REQUIREMENTS"] = "1"
    try:
        found = list(setuptools_hook(config_settings))
    finally:
        del os.environ["BOARDKIT_FINDING_REQUIREMENTS"]
    compiling = os.environ.get("BOARDKIT_COMPILE", "") in ("1", "true", "yes")
    return found + (COMPILER_REQUIREMENTS if compiling else [])


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)
