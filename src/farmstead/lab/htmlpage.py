"""A self-contained HTML page: inline CSS, tables, and PNG images embedded as base64.

Nothing on the page loads from elsewhere, so a report opens offline and can be mailed as one
file. Every piece of text is HTML-escaped.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 960px; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 1.8em; }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.7em; text-align: right; white-space: nowrap; }
th { background: #f2f2f2; } td:first-child, th:first-child { text-align: left; }
figure { margin: 1em 0; } img { max-width: 100%; border: 1px solid #eee; }
.note { color: #666; font-size: 0.9em; }
"""


def escape(text: object) -> str:
    """``text`` as HTML-escaped string."""
    return html.escape(str(text), quote=True)


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """An HTML table; cells are escaped."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def image(png: bytes, alt: str) -> str:
    """A figure with ``png`` embedded as a data URL."""
    data = base64.b64encode(png).decode("ascii")
    return (
        f'<figure><img src="data:image/png;base64,{data}" alt="{escape(alt)}">'
        f'<figcaption class="note">{escape(alt)}</figcaption></figure>'
    )


def paragraph(text: str, css: str = "") -> str:
    """A paragraph of escaped text."""
    attribute = f' class="{escape(css)}"' if css else ""
    return f"<p{attribute}>{escape(text)}</p>"


def section(title: str, *parts: str) -> str:
    """A titled section made of already-rendered parts."""
    return f"<section><h2>{escape(title)}</h2>{''.join(parts)}</section>"


def page(title: str, *parts: str) -> str:
    """A complete HTML document."""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{STYLE}</style></head><body><h1>{escape(title)}</h1>"
        + "".join(parts)
        + "</body></html>\n"
    )
