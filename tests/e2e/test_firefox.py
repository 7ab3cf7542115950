"""Firefox ESR (Debian's firefox-esr, installed by ./build.sh test) keeps working: the smoke test in
firefox_smoke.mjs drives it over WebDriver BiDi with Puppeteer (a pinned npm dev dependency)."""

import pathlib
import subprocess

from conftest import ROOT

SMOKE = pathlib.Path(__file__).with_name("firefox_smoke.mjs")


def test_firefox_loads_plays_reloads_works_offline_and_opens_the_embed(server):
    done = subprocess.run(["node", str(SMOKE), server], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"the Firefox smoke test failed:\n{done.stdout}{done.stderr}"
