"""The project as a new user meets it: the README's commands, CI, the installed package."""
from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    """The shell commands in the README's "Two commands" section, in order."""
    section = (ROOT / "README.md").read_text().split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_ci_runs_the_readme_test_command():
    serve, test = readme_commands()
    assert "companion serve" in serve
    ci = (ROOT / ".ci" / "run").read_text()
    assert test in ci.splitlines()


def test_ci_installs_every_browser_the_browser_tests_use():
    """A browser test fails under CI without its browser, so CI installs each one."""
    ci = (ROOT / ".ci" / "run").read_text()
    for command, package in [("chromium", "chromium"), ("WebKitWebDriver", "webkit2gtk-driver"), ("Xvfb", "xvfb")]:
        assert f"{command}:{package}" in ci


def test_the_wheel_carries_templates_static_files_and_the_command(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path),
         str(ROOT)],
        check=True,
    )
    wheel = next(tmp_path.glob("companion-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for module in [*(ROOT / "companion").rglob("*.py"), *(ROOT / "printables").rglob("*.py")]:
        assert str(module.relative_to(ROOT)) in names
    for template in (ROOT / "templates").rglob("*.html"):
        assert f"companion/templates/{template.relative_to(ROOT / 'templates')}" in names
    for asset in (ROOT / "companion" / "static").rglob("*"):
        if asset.is_file():
            assert asset.relative_to(ROOT).as_posix() in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "companion = companion.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
