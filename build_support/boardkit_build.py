"""setuptools' build backend, with what the compiled build needs added when the build is asked
to compile (``BOARDKIT_COMPILE=1``; see ``setup.py``). Without it, this is setuptools' backend
unchanged, and a build needs no compiler and no mypy.

Compiling runs mypy over the sources, and mypy looks for the packages they import in the build's
own environment: so a compiling build installs mypy *and* boardkit's runtime dependencies there
(pip installs them into the target environment only after the build).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the backend's whole interface, unchanged)

COMPILER = "mypy>=1.18"


def _compiling() -> bool:
    return os.environ.get("BOARDKIT_COMPILE", "") in ("1", "true", "yes")


def _runtime_dependencies() -> list[str]:
    with (Path(__file__).resolve().parents[1] / "pyproject.toml").open("rb") as file:
        return list(tomllib.load(file)["project"]["dependencies"])


def _not_compiling(hook, *args):  # type: ignore[no-untyped-def]
    """Run a setuptools hook that only looks at the package (its requirements, its metadata):
    ``BOARDKIT_NOT_BUILDING`` tells ``setup.py`` not to compile for it (mypy may not even be
    installed yet, and compiling twice would only cost time)."""
    os.environ["BOARDKIT_NOT_BUILDING"] = "1"
    try:
        return hook(*args)
    finally:
        del os.environ["BOARDKIT_NOT_BUILDING"]


def _requires(setuptools_hook, config_settings):  # type: ignore[no-untyped-def]
    found = list(_not_compiling(setuptools_hook, config_settings))
    return found + ([COMPILER, *_runtime_dependencies()] if _compiling() else [])


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):  # type: ignore[no-untyped-def]
    return _not_compiling(
        _setuptools.prepare_metadata_for_build_wheel, metadata_directory, config_settings
    )


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):  # type: ignore[no-untyped-def]
    return _not_compiling(
        _setuptools.prepare_metadata_for_build_editable, metadata_directory, config_settings
    )
