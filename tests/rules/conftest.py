"""Builds `rokada` once per test session, unless ROKADA_BIN names one."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def pytest_configure(config):
    if os.environ.get("ROKADA_BIN"):
        return
    subprocess.run(
        ["cargo", "build", "--profile", "checked", "--quiet", "--bin", "rokada"],
        cwd=ROOT,
        check=True,
    )
    target = ROOT / os.environ.get("CARGO_TARGET_DIR", "target")
    # Worker processes of the random-game tests inherit the environment.
    os.environ["ROKADA_BIN"] = str(target / "checked" / "rokada")


@pytest.fixture(scope="session")
def rokada_bin():
    path = os.environ["ROKADA_BIN"]
    assert os.access(path, os.X_OK), f"{path} is not an executable"
    return path
