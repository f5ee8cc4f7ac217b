import importlib.machinery
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_generator():
    path = ROOT / "scripts" / "gen-strings"
    loader = importlib.machinery.SourceFileLoader("gen_strings", str(path))
    spec = importlib.util.spec_from_loader("gen_strings", loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_strings"] = module
    loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def gen():
    return _load_generator()


@pytest.fixture(scope="session")
def strings(gen):
    return gen.load_all()
