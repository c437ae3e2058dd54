"""Sphinx configuration for the chacharand documentation.

Build from the repository root, with chacharand installed::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W --keep-going -b doctest docs docs/_build/doctest

The API pages are generated from the installed package's docstrings, so
install (or reinstall) it first: ``python -m pip install .``.
"""
import os
import pathlib
import sys

# The source tree's chacharand/ has no compiled extension.  When Sphinx is
# started from the repository root, that directory is on sys.path and would
# shadow the installed package, so take it off.
_ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:] = [
    p for p in sys.path
    if pathlib.Path(p or os.curdir).resolve() != _ROOT
]

try:
    import chacharand
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise RuntimeError(
        f"cannot import chacharand ({exc}).  The documentation is built "
        "from the installed package: install it first with "
        "'python -m pip install .'"
    ) from exc

# -- Project information ------------------------------------------------------

project = "chacharand"
author = "the chacharand developers"
copyright = "the chacharand developers"
release = chacharand.__version__
version = ".".join(release.split(".")[:2])

# -- General configuration ----------------------------------------------------

# Local extensions (docs/_ext): the families table, made from the registry.
sys.path.insert(0, str(pathlib.Path(__file__).parent / "_ext"))

extensions = [
    "families_table",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "numpydoc",
]

root_doc = "index"
exclude_patterns = ["_build"]
default_role = "py:obj"

# Give every page the same imports as the examples in the docstrings.
doctest_global_setup = """
import numpy as np
"""
# The example scripts the pages include, importable by their doctests
# (parallel.rst runs parallel_pi.py's main).
doctest_path = [str(pathlib.Path(__file__).parent / "examples")]

# -- autodoc and numpydoc -----------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "none"

# The class pages list their members explicitly (see api.rst); numpydoc's
# own member tables would repeat them.
numpydoc_show_class_members = False
numpydoc_show_inherited_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# -- HTML output --------------------------------------------------------------

html_theme = "pydata_sphinx_theme"
html_title = f"chacharand {release}"
html_show_sourcelink = False
html_static_path = ["_static"]
# Wide tables and long code lines scroll inside their own box, signatures
# and inline literals wrap, and images never grow wider than the column
# (docs/_static/chacharand.css).
html_css_files = ["chacharand.css"]
# On a phone, tables are shown one row per block with their column names.
html_js_files = ["table_labels.js"]
html_theme_options = {
    "navigation_with_keys": False,
    # A short navbar that fits one line at 1280 px: the search is a button.
    "header_links_before_dropdown": 3,
    "navbar_persistent": [],
    "navbar_end": ["search-button", "theme-switcher"],
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": [],
}
html_sidebars = {"**": []}
