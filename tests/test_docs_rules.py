"""The rule ids resolve inside the repository (issue 14 point 8): every id the code, the
web front, the hardware and the tests cite (C1-C25, X1-X4, W1-W4, M1-M23, K1-K11, in
docstrings, comments, templates, scripts and test names such as ``test_m11_...``) is
explained in docs/rules.md, and no tracked file points at the steering repository's
shared folder, which a clone does not have."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).parents[1]
RULES = ROOT / "docs" / "rules.md"
CITING = ("companion", "web", "hardware", "tests", "docs", "benchmarks", "README.md")
TEXT = (".py", ".md", ".html", ".js", ".css", ".toml", ".jsonl", ".po", ".pot", ".txt", ".cfg")
#: An id, or a range of them ("C14–C17", "M1-M23": every id in between is cited too).
CITED = re.compile(r"\b([CXWMK])([0-9]+)(?:\s*[–-]\s*\1?([0-9]+)\b)?\b")
TEST_NAME = re.compile(r"\btest_([cxwmk])([0-9]+)_")
DEFINED = re.compile(r"^- \*\*([CXWMK][0-9]+)\b", re.MULTILINE)
#: What a clone lacks: the steering repository's folder and its files' names.
OUTSIDE = re.compile("|".join(("(?<![\\w.-])shared" + "/", "RULES" + r"\.md", "TABLE" + "-LOG",
                               "EDITION" + "-FACTS")))


def tracked() -> list[Path]:
    """Every text file git tracks, as a path under ROOT."""
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    return [ROOT / n for n in names if n.endswith(TEXT)]


def cited_ids() -> dict[str, str]:
    """Every rule id cited outside docs/rules.md -> the first file citing it."""
    found: dict[str, str] = {}
    for path in tracked():
        if path == RULES or path.relative_to(ROOT).parts[0] not in CITING:
            continue
        text = path.read_text(encoding="utf-8")
        for family, low, high in CITED.findall(text):
            for number in range(int(low), int(high or low) + 1):
                found.setdefault(f"{family}{number}", str(path.relative_to(ROOT)))
        for family, number in TEST_NAME.findall(text):
            found.setdefault(f"{family.upper()}{number}", str(path.relative_to(ROOT)))
    return found


def test_every_cited_rule_id_is_explained_in_docs_rules_md() -> None:
    defined = set(DEFINED.findall(RULES.read_text(encoding="utf-8")))
    cited = cited_ids()
    missing = {rule: where for rule, where in cited.items() if rule not in defined}
    assert missing == {}
    # the families the brief names, whole, and nothing but them
    expected = {f"{f}{n}" for f, top in (("C", 25), ("X", 4), ("W", 4), ("M", 23), ("K", 11))
                for n in range(1, top + 1)}
    assert defined == expected
    assert {"C19", "M18", "M11", "K6", "X4"} <= set(cited)  # the scan does find citations


def test_each_rule_names_the_rule_book_it_comes_from() -> None:
    text = RULES.read_text(encoding="utf-8")
    books = ("Classic 1996", "Wonders 2003", "Swedish 2008", "Multimillionær", "Kortstokk")
    for book in books:
        assert f"**{book}**" in text
    for family, heading in (("C", "Classic 1996"), ("W", "Wonders 2003"),
                            ("M", "Multimillionær"), ("K", "Kortstokk")):
        assert re.search(rf"^## {family}: .*{heading}", text, re.MULTILINE), family


def test_the_seed_wins_where_readings_differed() -> None:
    """The rule book's reading, said where it matters (seed 003 "Foreldelse", "Konkurs",
    "Hus", "Aksjer", "Børsen", "Ferieparadiset"; seed 004 on doubles, jokers, the end)."""
    text = RULES.read_text(encoding="utf-8")
    entry = {m[1]: m[2] for m in re.finditer(
        r"^- \*\*([CXWMK][0-9]+)\b(.*?)(?=^- \*\*|^#|\Z)", text, re.MULTILINE | re.DOTALL)}
    for rule in ("M6", "M8", "M11", "M14", "M19", "M21", "K3", "K6", "K10"):
        assert "Book wins" in entry[rule], rule
    assert "SECOND player after" in entry["M11"]
    assert "ONE die" in entry["M8"] and "ONE die" in entry["M14"]
    assert "own turn, after Ola" in entry["M19"] and "after moving Ola" in entry["X4"]
    assert "before the bank's" in entry["M21"]
    assert "no\n  extra roll" in entry["K3"] or "no extra roll" in entry["K3"]


def test_no_file_cites_a_path_outside_the_repository() -> None:
    outside = {}
    for path in tracked():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                outside[f"{path.relative_to(ROOT)}:{number}"] = line.strip()
    assert outside == {}
