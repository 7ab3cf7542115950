"""The rules as a Python package (issue 26): `pip install .` makes the README's example work without PYTHONPATH."""

import os
import pathlib
import re
import subprocess
import sys
import venv

ROOT = pathlib.Path(__file__).resolve().parents[1]


def readme_example() -> str:
    section = (ROOT / "README.md").read_text().split("## Using the rules from Python", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)


def test_pip_install_dot_installs_the_rules_and_their_pages(tmp_path):
    """A fresh venv, nothing fetched (--no-index), and the example run outside the repository."""
    env = tmp_path / "venv"
    venv.create(env, with_pip=False)  # this interpreter's pip installs into it: seconds, not a pip install
    python = env / ("Scripts" if os.name == "nt" else "bin") / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-index",
                    "--disable-pip-version-check", "--no-deps", str(ROOT)], check=True, cwd=tmp_path)
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([str(python), "-c", readme_example()], cwd=tmp_path, env=clean, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "c6-d5" in run.stdout, "the example prints Black's replies"
    page = subprocess.run([str(python), "-c", "from pyramids import games; print(games.rules_page('terrafex'))"],
                          cwd=tmp_path, env=clean, capture_output=True, text=True, check=True).stdout
    assert page.startswith("<h3>Terrafex</h3>"), "the rules pages are installed with the package"
