"""Lint as part of the suite: ruff on the Python (rules in pyproject.toml) and ESLint with
eslint-plugin-compat on the page scripts (eslint.config.js; the browsers a table brings are
package.json's browserslist). ESLint comes from the npm registry (`npm ci`, as .ci/run does);
with CI=true a missing ESLint fails the test instead of skipping it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"


def test_python_is_ruff_clean():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_page_scripts_are_eslint_clean_on_the_tables_browsers():
    if not ESLINT.exists():
        if os.environ.get("CI"):
            pytest.fail("ESLint is not installed: run `npm ci` in the checkout first")
        pytest.skip("ESLint is not installed (npm ci)")
    done = subprocess.run([str(ESLINT), "--max-warnings", "0", "companion/static", "eslint.config.js"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
