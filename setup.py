"""Packaging beside pyproject.toml (which holds the metadata): which packages a wheel holds.

The game's content lives in the top-level ``content/`` folder of the repository (where modders
and the design expect it); a wheel ships it as ``uprising_tui/content_data/*.yaml`` through a
``package_dir`` mapping, so ``pip install .`` and pipx installs carry it. At run time
``uprising_tui.content.loader.default_content_dir`` finds it with ``importlib.resources``.
"""
from setuptools import find_packages, setup

CONTENT_PACKAGE = "uprising_tui.content_data"

setup(
    packages=find_packages(include=["uprising_tui", "uprising_tui.*"]) + [CONTENT_PACKAGE],
    package_dir={CONTENT_PACKAGE: "content"},
    package_data={"": ["py.typed", "*.tcss"], CONTENT_PACKAGE: ["*.yaml"]},  # *.tcss: Textual styles
)
