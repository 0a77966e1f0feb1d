"""Optional features name the extra to install when their third-party modules are missing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from boardkit.errors import BoardkitError, MissingExtraError
from boardkit.extras import needs_extra

# Each optional module, the extra that installs what it needs, and one module of that extra.
OPTIONAL = [
    ("boardkit.adapters.pettingzoo", "pettingzoo", "numpy"),
    ("boardkit.adapters.gymnasium", "gymnasium", "gymnasium"),
    ("boardkit.adapters.vector", "gymnasium", "gymnasium"),
    ("boardkit.adapters.openspiel", "openspiel", "pyspiel"),
    ("boardkit.adapters.ray", "ray", "ray"),
    ("boardkit.server.app", "server", "starlette"),
]

# A child process refuses to import ``blocked`` (as if not installed), then imports ``module``.
CHILD = """
import importlib, sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, Refuse())
try:
    importlib.import_module({module!r})
except ModuleNotFoundError as exc:
    print(type(exc).__name__, exc, sep=": ")
"""


def test_a_missing_third_party_module_becomes_a_missing_extra_error() -> None:
    with pytest.raises(MissingExtraError) as caught, needs_extra("ray", "boardkit.adapters.ray"):
        raise ModuleNotFoundError("No module named 'ray'", name="ray")
    error = caught.value
    assert isinstance(error, BoardkitError) and isinstance(error, ModuleNotFoundError)
    assert (error.extra, error.feature, error.name) == ("ray", "boardkit.adapters.ray", "ray")
    assert str(error) == (
        "boardkit.adapters.ray needs the 'ray' extra (ray is not installed): "
        "pip install 'boardkit[ray]'"
    )
    assert isinstance(error.__cause__, ModuleNotFoundError)


def test_a_missing_boardkit_module_is_a_broken_install_not_an_extra() -> None:
    with pytest.raises(ModuleNotFoundError) as caught, needs_extra("server", "x"):
        raise ModuleNotFoundError("No module named 'boardkit.nowhere'", name="boardkit.nowhere")
    assert not isinstance(caught.value, MissingExtraError)


def test_other_errors_pass_through_unchanged() -> None:
    with pytest.raises(ValueError, match="not an import"), needs_extra("server", "x"):
        raise ValueError("not an import")


@pytest.mark.parametrize(("module", "extra", "blocked"), OPTIONAL)
def test_each_optional_module_names_its_extra(module: str, extra: str, blocked: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(module=module, blocked=blocked)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith("MissingExtraError: "), done.stdout + done.stderr
    assert f"needs the {extra!r} extra ({blocked} is not installed)" in done.stdout
    assert f"pip install 'boardkit[{extra}]'" in done.stdout
