"""The build backend (PEP 517) of pyproject.toml: the rules package `pyramids` from py/, with its rules pages.

setuptools needs the `wheel` package to build a wheel (before setuptools 70.1), and Python 3.12's
venv has no setuptools at all, so `pip install .` would have to download them; this backend is
stdlib only and in the repository, so installing works offline and writes nothing into the tree.
"""

from __future__ import annotations

import base64
import hashlib
import io
import pathlib
import tarfile
import tomllib
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
NAME, VERSION = PROJECT["name"], PROJECT["version"]
BASE = f"{NAME}-{VERSION}"
TAG = "py3-none-any"


def package_files() -> list[str]:
    """The package's modules and its rules pages, relative to py/."""
    return sorted(p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py" / NAME).rglob("*")
                  if p.suffix in (".py", ".html") and "__pycache__" not in p.parts)


def metadata() -> str:
    """The core metadata (PKG-INFO, METADATA) from pyproject.toml's [project]."""
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\nSummary: {PROJECT['description']}\n"
            f"Requires-Python: {PROJECT['requires-python']}\n")


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None) -> str:
    """The wheel (PEP 427): the package files, then its METADATA, WHEEL and RECORD."""
    info = f"{BASE}.dist-info"
    files = {name: (ROOT / "py" / name).read_bytes() for name in package_files()}
    files[f"{info}/METADATA"] = metadata().encode()
    files[f"{info}/WHEEL"] = f"Wheel-Version: 1.0\nGenerator: {__name__}\nRoot-Is-Purelib: true\nTag: {TAG}\n".encode()
    record = [f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
              f"{len(data)}" for name, data in files.items()]
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,", ""]).encode()
    wheel = f"{BASE}-{TAG}.whl"
    with zipfile.ZipFile(pathlib.Path(wheel_directory) / wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return wheel


def build_sdist(sdist_directory, config_settings=None) -> str:
    """The source: what build_wheel reads, and PKG-INFO."""
    sdist = f"{BASE}.tar.gz"
    with tarfile.open(pathlib.Path(sdist_directory) / sdist, "w:gz") as archive:
        for name in ("pyproject.toml", "README.md", "tools/pyramids_build.py", *(f"py/{f}" for f in package_files())):
            archive.add(ROOT / name, f"{BASE}/{name}")
        info = tarfile.TarInfo(f"{BASE}/PKG-INFO")
        data = metadata().encode()
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    return sdist
