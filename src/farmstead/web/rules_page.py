"""A game's rules page for people: its rules in prose and its data in words, with provenance.

The prose is the game's ``rules_prose`` Markdown (``core.registry.RulesProse``), rendered with
raw HTML switched off, so the page shows only what Markdown makes. Each data item is described
by the game's ``data_words`` when it has words for it, else generically: keys and values as
words, never the data file's raw codes. Sources are named for people ("the rulebook", "our
rules, section 4") rather than by file.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt

from farmstead.core.data import DataItem
from farmstead.core.registry import GameRegistration

_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
_SPEC_FILE = re.compile(r"\brules/[a-z_]+\.md\b")
_RULE_CODE = re.compile(r"\b[A-Z]{2}-(?:R|T|TV-)\d+[a-z]?(?:\.\d+)?\b")
_SOURCE_CODE = re.compile(r"\b\[?S\d+\]?(?:\s*,\s*\[?S\d+\]?)*")


def rules_html(record: GameRegistration) -> str | None:
    """The game's rules in prose as HTML (None when the game has none)."""
    if record.rules_prose is None:
        return None
    return _MARKDOWN.render(record.rules_prose.read())


def words(key: str) -> str:
    """A data key in words: ``goats_shared`` → "goats shared"."""
    return key.replace("_", " ").strip()


def value_words(value: Any) -> str:
    """A data value in words: lists joined with repeats counted, tables as "key: value"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return words(value) if re.fullmatch(r"[a-z0-9_]+", value) else value
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        texts = [value_words(v) for v in value]
        parts: list[str] = []
        start = 0
        while start < len(texts):
            end = start
            while end < len(texts) and texts[end] == texts[start]:
                end += 1
            run = end - start
            parts.append(texts[start] if run == 1 else f"{texts[start]} ×{run}")
            start = end
        return ", ".join(parts)
    if isinstance(value, dict):
        if not value:
            return "none"
        return "; ".join(f"{words(str(k))}: {value_words(v)}" for k, v in value.items())
    return str(value)


def source_words(source: str) -> str:
    """Where a value comes from, for people: spec files and source codes in words."""
    text = _SPEC_FILE.sub("our rules", source)
    text = re.sub(r"\bspec\b", "our rules", text)
    text = _SOURCE_CODE.sub("a published source", text)
    text = _tidy(_RULE_CODE.sub("", text))
    text = text.replace("rulebook", "the rulebook").replace("the the rulebook", "the rulebook")
    parts: list[str] = []
    for part in (p.strip() for p in text.split(";")):
        if part and part not in parts:
            parts.append(part)
    return "; ".join(parts)


def note_words(note: str) -> str:
    """A data note without rule codes ("(placement PROPOSED, RA-R4)" → "(placement
    PROPOSED)")."""
    text = re.sub(r"\b(\w+)\.toml\b", lambda m: f"the {words(m.group(1))} list", note)
    return _tidy(_RULE_CODE.sub("", text))


_SECTION_CODE = re.compile(
    r"(?:\b[A-Z]{2}-\d+(?:\.\d+)*[a-z]?(?:\s+step\s+\d+(?:\.\d+)*)?|§\s*\d+(?:\.\d+)*)"
    r"(?:\s*[-–]\s*(?:[A-Z]{2}-)?\d+(?:\.\d+)*)?(?![\w-])"
)
"""A section of a rules reference ("FR-3.7", "FR-4 step 2", "§2.9", "FR-2.1–2.3")."""


def help_words(text: str) -> str:
    """A param's help text for a form: ``note_words`` (ruling codes and data file names out),
    and section codes out too ("a random map (FR-3.7)" → "a random map"); the provenance word
    PROPOSED becomes "(our proposal)" at the end, as the other help texts say it."""
    text = _tidy(_SECTION_CODE.sub("", note_words(text)))
    if re.search(r"\bPROPOSED\b", text):
        text = _tidy(re.sub(r"\s*\bPROPOSED\b\s*", " ", text))
        text = text[:1].upper() + text[1:]
        if "our proposal" not in text:
            text += " (our proposal)"
    return text


def _tidy(text: str) -> str:
    """Punctuation left behind by removed codes: "(, x)", "()", "a ;", double spaces."""
    text = re.sub(r"\(\s*[,;]?\s*\)", "", text)
    text = re.sub(r"\(\s*[,;]\s*", "(", text)
    text = re.sub(r"\s*,\s*\)", ")", text)
    text = re.sub(r"\(\s*,\s*", "(", text)
    text = re.sub(r"[,;]\s*(?=[,;]|$)", "", text.strip())
    text = re.sub(r"\s+([,;.:])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip(" ,;")


def item_json(item: DataItem, record: GameRegistration) -> dict[str, Any]:
    """One data item for the rules page: a title and words, its provenance (overall and per
    field), and where it comes from."""
    described = record.data_words(item) if record.data_words is not None else None
    fields = [
        {
            "label": words(key),
            "text": value_words(value),
            "provenance": item.field_provenance.get(key, item.provenance).lower(),
        }
        for key, value in item.value.items()
        if not key.endswith("_provenance") and key != "name"
    ]
    if described is not None:
        title, text = described
    else:
        title = str(item.value.get("name") or words(item.name)).strip()
        title = title[:1].upper() + title[1:]
        text = ""
    return {
        "group": words(item.file.rsplit(".", 1)[0]).capitalize(),
        "title": title,
        "text": text,
        "fields": [] if described is not None else fields,
        "provenance": item.provenance.lower(),
        "source": source_words(item.source) if item.source else "",
        "note": note_words(item.note),
    }
