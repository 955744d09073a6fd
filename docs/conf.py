"""The documentation site: Sphinx, the Furo theme, Markdown pages through MyST, the API from the docstrings.

`make docs` builds it and serves it on http://127.0.0.1:8001; `make site` (part of `make test`) builds it from
scratch with every warning an error, so a broken link, anchor, include or cross-reference fails the tests.
Nothing is fetched from the network: no web fonts, no CDN, no intersphinx.
"""

import sys
from pathlib import Path

import academie

sys.path.insert(0, str(Path(__file__).parent / "_ext"))  # the extension academie_site

project = "Académie"
author = "The Académie authors"
copyright = "Académie's authors; MIT licence"
release = academie.__version__
language = "en"

extensions = ["myst_parser", "sphinx.ext.autodoc", "academie_site"]

exclude_patterns = [
    "_build", "_ext", "_generated", "ladder/ladder.md", "ladder/runs", "ladder/tournaments",
    "analysis/*/report.html",
]
"""The fragments of ``_generated`` are included by pages; ``ladder/ladder.md`` holds the tables the README's ladder
section (which the ladder page includes) already shows."""
templates_path: list[str] = []

# The Markdown pages: GitHub's heading anchors, so that `page.md#a-heading` works on the site and on GitHub,
# and a link to a missing page or anchor is a warning (an error in the strict build).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "attrs_inline"]
suppress_warnings: list[str] = []

# The API reference. The docstrings are reStructuredText (roles, doctest blocks), read as written.
autodoc_default_options = {"member-order": "bysource", "show-inheritance": True}
autodoc_inherit_docstrings = False  # a gymnasium or OpenSpiel method's docstring is theirs, not ours
autodoc_typehints = "signature"
autodoc_use_type_comments = False  # the code is annotated; reading type comments again costs a parse of every function
python_use_unqualified_type_names = True
add_module_names = False  # a page is one module: its objects by their own names
nitpicky = True  # every cross-reference to the project must resolve (academie_site.resolve_loosely)

highlight_language = "none"  # a fence without a language (a grammar, a layout) is shown as it is

html_theme = "furo"
html_title = "Académie"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
