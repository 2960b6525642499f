"""The rules reference stands in the repository: every ruling and worked example that code or
tests cite (``RA-R7``, ``test_LU_R12_…``, ``FR-T17``, ``AF-TV-08``, ``TV-RA-05``) is a heading
of ``docs/rules/<game>.md``, and nothing in the repository points outside it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = {
    "RA": "rancho",
    "AF": "animal_farm",
    "FE": "fences",
    "LU": "livestock_uprising",
    "FR": "farms_race",
}
# A ruling or test vector, in prose ("FR-R35") or in a name ("test_FR_R35_…"); a letter after
# the number names a part of a worked example and is looked up under the example's heading.
CITED = re.compile(r"(?<![A-Za-z])(?:(RA|AF|FE|LU|FR)[-_](R|T|TV[-_])|(TV)[-_](RA)[-_])(\d+)(?!\d)")


def citation_key(match: re.Match[str]) -> tuple[str, str, int]:
    """(game prefix, "R" for rulings or "T" for worked examples, number)."""
    if match.group(3):  # Rancho's vectors: TV-RA-05
        return "RA", "T", int(match.group(5))
    kind = "R" if match.group(2) == "R" else "T"
    return match.group(1), kind, int(match.group(5))


def cited_ids() -> dict[tuple[str, str, int], str]:
    """Every citation in src/ and tests/, with one place it occurs."""
    found: dict[tuple[str, str, int], str] = {}
    for folder in ("src", "tests"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in (".py", ".js", ".md", ".toml", ".css", ".html"):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for match in CITED.finditer(line):
                    where = f"{path.relative_to(ROOT)}:{number}"
                    found.setdefault(citation_key(match), where)
    return found


def headed_ids() -> set[tuple[str, str, int]]:
    headed = set()
    for prefix, game in DOCS.items():
        text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        for heading in re.findall(r"^#+ .*$", text, flags=re.MULTILINE):
            for match in CITED.finditer(heading):
                key = citation_key(match)
                assert key[0] == prefix, f"{game}.md heads another game's id: {heading}"
                headed.add(key)
    return headed


def test_every_cited_ruling_and_example_is_a_heading_of_the_rules_reference() -> None:
    cited = cited_ids()
    assert len(cited) > 300, "the citations were not found: the pattern is broken"
    headed = headed_ids()
    missing = {
        f"{p}-{k}{n} ({where})" for (p, k, n), where in cited.items() if (p, k, n) not in headed
    }
    assert not missing, sorted(missing)


def test_each_game_names_its_rules_reference() -> None:
    from farmstead.core.registry import game_names, game_type

    for name in game_names():
        reference = game_type(name).rules_reference
        assert reference == f"docs/rules/{name}.md", name
        assert (ROOT / reference).is_file()


def test_nothing_in_the_repository_points_outside_it() -> None:
    pattern = re.compile(r"\.\./shared|\bshared/rules\b|\bshared/rulebooks\b")
    offenders = []
    for folder in ("src", "tests", "docs", "scripts", "benchmarks", "examples"):
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or path.suffix in (".png", ".pyc", ".jsonl"):
                continue
            if any(part.endswith(".egg-info") for part in path.parts):
                continue  # what pip generates, not ours
            text = path.read_text(encoding="utf-8", errors="replace")
            if path.name == Path(__file__).name:
                continue
            offenders += [
                f"{path.relative_to(ROOT)}:{i}"
                for i, line in enumerate(text.splitlines(), 1)
                if pattern.search(line)
            ]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not pattern.search(readme), "README.md points outside the repository"
    assert not offenders, offenders
