"""What a release publishes, and how (.github/workflows/release.yml, pyproject.toml's
``[tool.cibuildwheel]``, scripts/check_wheel.py and scripts/check_installed.py).

The workflow cannot run here, so these tests read it and hold it to its promises: compiled
wheels for every supported CPython on manylinux, musllinux, macOS and Windows, each tested after
it is built; a pure ``py3-none-any`` wheel and the sdist beside them; all uploaded to PyPI by
trusted publishing, with no password or token anywhere. The two scripts the release and CI run
on the wheels are tested on what they check.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from boardkit.compiled import RUNTIME_MODULE, compilable

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
EXPECT_COMPILED = os.environ.get("BOARDKIT_EXPECT_COMPILED") == "1"
EXPECT_INSTALLED = os.environ.get("BOARDKIT_EXPECT_INSTALLED") == "1"


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def cibuildwheel() -> dict[str, Any]:
    config: dict[str, Any] = pyproject()["tool"]["cibuildwheel"]
    return config


def workflow() -> dict[str, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    # YAML 1.1 reads the key `on` as the boolean true
    loaded["on"] = loaded.pop(True, loaded.get("on"))
    return loaded


def jobs() -> dict[str, Any]:
    found: dict[str, Any] = workflow()["jobs"]
    return found


def job_using(action: str) -> tuple[str, dict[str, Any]]:
    """The one job with a step that uses ``action`` (any version)."""
    found = [
        (name, job)
        for name, job in jobs().items()
        if any(step.get("uses", "").split("@")[0] == action for step in job["steps"])
    ]
    assert len(found) == 1, f"{action}: {[name for name, _ in found]}"
    return found[0]


def run_lines(job: dict[str, Any]) -> list[str]:
    return [line for step in job["steps"] for line in step.get("run", "").splitlines()]


def supported_pythons() -> list[str]:
    """The CPython versions the package's classifiers claim, e.g. ``["3.11", "3.12"]``."""
    found = []
    for classifier in pyproject()["project"]["classifiers"]:
        match = re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", classifier)
        if match:
            found.append(match.group(1))
    return found


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the cibuildwheel configuration -----------------------------------------------------------


def test_cibuildwheel_builds_every_supported_cpython_and_nothing_else() -> None:
    pythons = supported_pythons()
    assert pythons == ["3.11", "3.12", "3.13"]
    assert pyproject()["project"]["requires-python"] == f">={pythons[0]}"
    selectors = cibuildwheel()["build"].split()
    assert selectors == [f"cp{version.replace('.', '')}-*" for version in pythons]
    assert "skip" not in cibuildwheel()  # nothing of those left out (musllinux included)


def test_cibuildwheel_builds_for_every_platform_and_architecture() -> None:
    config = cibuildwheel()
    assert set(config["linux"]["archs"]) == {"x86_64", "aarch64"}
    assert set(config["macos"]["archs"]) == {"x86_64", "arm64"}
    assert set(config["windows"]["archs"]) == {"AMD64"}
    for platform in ("linux", "macos", "windows"):  # nothing narrows the build per platform
        assert not {"build", "skip", "environment"} & set(config[platform])


def test_cibuildwheel_compiles_and_the_build_backend_reads_the_same_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    environment = cibuildwheel()["environment"]
    assert environment == {"BOARDKIT_COMPILE": "1"}
    spec = importlib.util.spec_from_file_location(
        "boardkit_build_under_test", ROOT / "build_support" / "boardkit_build.py"
    )
    assert spec is not None and spec.loader is not None
    backend = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(backend)
    monkeypatch.setenv("BOARDKIT_COMPILE", environment["BOARDKIT_COMPILE"])
    assert backend._compiling()
    monkeypatch.delenv("BOARDKIT_COMPILE")
    assert not backend._compiling()
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert 'os.environ.get("BOARDKIT_COMPILE", "") not in ("1", "true", "yes")' in setup


def test_each_built_wheel_is_tested_by_the_installed_check() -> None:
    words = shlex.split(cibuildwheel()["test-command"])
    assert words == ["python", "{project}/scripts/check_installed.py", "{project}"]
    assert (ROOT / "scripts" / "check_installed.py").is_file()


def test_setup_builds_without_debug_information_with_unix_compilers() -> None:
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert 'UNIX_NO_DEBUG_COMPILE = ["-g0"]' in setup
    assert 'UNIX_NO_DEBUG_LINK = ["-Wl,-S"]' in setup
    assert 'cmdclass={"build_ext": StrippedBuildExt}' in setup


# --- the release workflow ---------------------------------------------------------------------


def test_the_workflow_runs_on_a_published_release_and_by_hand() -> None:
    triggers = workflow()["on"]
    assert triggers["release"] == {"types": ["published"]}
    assert "workflow_dispatch" in triggers


def test_the_compiled_wheels_are_built_on_every_platform_natively() -> None:
    _, job = job_using("pypa/cibuildwheel")
    matrix = job["strategy"]["matrix"]["include"]
    assert job["runs-on"] == "${{ matrix.os }}"
    step = next(s for s in job["steps"] if s.get("uses", "").startswith("pypa/cibuildwheel"))
    assert step["env"]["CIBW_ARCHS"] == "${{ matrix.archs }}"
    built = {
        (entry["os"].split("-")[0], arch) for entry in matrix for arch in entry["archs"].split()
    }
    assert built == {
        ("ubuntu", "x86_64"),
        ("ubuntu", "aarch64"),
        ("macos", "x86_64"),
        ("macos", "arm64"),
        ("windows", "AMD64"),
    }
    arm = next(entry for entry in matrix if entry["archs"] == "aarch64")
    assert arm["os"].endswith("-arm")  # a native arm runner: no emulator step is needed
    config = cibuildwheel()
    for system, arch in built:
        platform = {"ubuntu": "linux", "macos": "macos", "windows": "windows"}[system]
        assert arch in config[platform]["archs"], (system, arch)
    assert "BOARDKIT_COMPILE" not in str(job)  # pyproject.toml says it, for every platform


def test_the_pure_wheel_and_the_sdist_are_built_without_compiling() -> None:
    _, build_job = job_using("actions/setup-python")
    lines = run_lines(build_job)
    assert any(re.fullmatch(r"python -m build( --outdir dist)?", line) for line in lines)
    assert "BOARDKIT_COMPILE" not in str(build_job)
    assert any("py3-none-any.whl" in line and ".tar.gz" in line for line in lines)


def test_every_built_file_is_uploaded() -> None:
    _, upload = job_using("pypa/gh-action-pypi-publish")
    download = next(
        s for s in upload["steps"] if s.get("uses", "").startswith("actions/download-artifact")
    )
    pattern = download["with"]["pattern"]
    assert download["with"]["merge-multiple"] is True
    builders = {
        name: job
        for name, job in jobs().items()
        if any(s.get("uses", "").startswith("actions/upload-artifact") for s in job["steps"])
    }
    assert set(upload["needs"]) == set(builders) and len(builders) == 2
    paths = []
    for job in builders.values():
        for step in job["steps"]:
            if step.get("uses", "").startswith("actions/upload-artifact"):
                name = step["with"]["name"].replace("${{ matrix.os }}", "ubuntu-24.04")
                assert fnmatch.fnmatch(name, pattern), name
                paths.append(step["with"]["path"])
                assert step["with"]["if-no-files-found"] == "error"
    assert sorted(paths) == ["dist/*", "wheelhouse/*.whl"]
    assert download["with"]["path"] == "dist"  # where the publishing action looks


def test_the_upload_uses_trusted_publishing_and_no_secret() -> None:
    name, upload = job_using("pypa/gh-action-pypi-publish")
    assert upload["permissions"] == {"id-token": "write"}
    assert upload["environment"]["name"] == "pypi"
    publish = next(
        s for s in upload["steps"] if s.get("uses", "").startswith("pypa/gh-action-pypi-publish")
    )
    inputs = {key.lower() for key in publish.get("with", {})}
    assert not {"password", "user", "username", "token", "api-token"} & inputs
    assert "id-token" not in str(workflow()["permissions"])  # only the upload job gets one
    for other, job in jobs().items():
        if other != name:
            assert "id-token" not in str(job.get("permissions", {})), other
    text = WORKFLOW.read_text(encoding="utf-8")
    assert not re.search(r"\$\{\{[^}]*secrets\.", text)  # no secret is read, for anything
    condition = upload["if"]
    assert "github.event_name == 'release'" in condition and "inputs.upload" in condition


def test_no_token_anywhere_in_the_repository() -> None:
    """A PyPI API token starts ``pypi-`` followed by a long base64 body; none is committed."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    token = re.compile(rb"pypi-[A-Za-z0-9_-]{50,}")
    found = []
    for name in filter(None, listed):
        path = ROOT / name.decode()
        if path.is_file() and token.search(path.read_bytes()):
            found.append(name.decode())
    assert found == []


# --- the checks run on the wheels -------------------------------------------------------------


def test_the_elf_reader_finds_the_sections_of_a_real_library() -> None:
    check = _script("check_wheel")
    library = Path(sys.executable).resolve().read_bytes()
    names = check.section_names(library)
    assert ".text" in names and ".dynsym" in names
    assert set(check.debug_sections(library)) <= {n for n in names if n.startswith(".debug")}
    with pytest.raises(check.NotElfError, match="not an ELF file"):
        check.section_names(b"MZ\x90\x00 a Windows library")


def _fake_wheel(path: Path, tag: str, names: dict[str, bytes]) -> Path:
    wheel = path / f"boardkit-0.2.0-cp311-cp311-{tag}.whl"
    listed = "\n".join(["# a comment", *compilable(), ""]).encode()
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("boardkit/compilable.txt", listed)
        for name, data in names.items():
            archive.writestr(name, data)
    return wheel


def test_the_wheel_check_names_each_problem(tmp_path: Path) -> None:
    check = _script("check_wheel")
    library = Path(sys.executable).resolve().read_bytes()
    suffix = ".cpython-311-x86_64-linux-gnu.so"
    complete = {name.replace(".", "/") + ".py": b"" for name in compilable()}
    complete |= {name.replace(".", "/") + suffix: library for name in compilable()}
    complete[RUNTIME_MODULE + suffix] = library
    wheel = _fake_wheel(tmp_path, "manylinux_2_17_x86_64.manylinux2014_x86_64", complete)
    expected_debug = [
        f"{name} carries debug information: {', '.join(check.debug_sections(library))}"
        for name in sorted(n for n in complete if n.endswith(".so"))
        if check.debug_sections(library)
    ]
    assert check.problems(wheel) == expected_debug
    first = compilable()[0].replace(".", "/")
    broken = {k: v for k, v in complete.items() if not k.startswith(first + ".")}
    broken["boardkit/stray" + suffix] = b"not ELF"
    bad = _fake_wheel(tmp_path, "linux_x86_64", broken)
    found = check.problems(bad)
    assert (
        found[0] == "platform tag 'linux_x86_64' is not manylinux or musllinux (auditwheel repair)"
    )
    assert (
        found[1]
        == f"compiled modules: missing ['{compilable()[0]}'], not listed ['boardkit.stray']"
    )
    assert found[2] == f"{compilable()[0]}: its source is not in the wheel"
    assert f"boardkit/stray{suffix}: not an ELF file" in found


def test_the_installed_check_passes_only_on_an_installed_compiled_build(tmp_path: Path) -> None:
    """scripts/check_installed.py, the test of every release wheel, refuses the sources (this
    run's boardkit, unless the suite runs on the installed wheel) and passes on the wheel."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "check_installed.py"), str(ROOT)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    if EXPECT_INSTALLED and EXPECT_COMPILED:
        assert done.returncode == 0, done.stderr
        assert "the golden games agree" in done.stdout
    else:
        assert done.returncode == 1
        problems = done.stderr.splitlines()
        assert problems, done.stdout
        assert all(line.startswith("check_installed: ") for line in problems)
        assert "golden" not in done.stderr  # the games agree on the sources too
