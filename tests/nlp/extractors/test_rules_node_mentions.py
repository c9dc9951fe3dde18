"""Lymph-node mentions (issue #18 §1, docs/vocabulary.md "Round 4b"): a sign word read as a
node finding spans the node it describes, and a node named by its site adjective without
"lymph" is a node finding when counted, measured or described; each with counter-examples."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.assertion) for m in ex.extract(Report("r", text, region=region))
    ]


@pytest.mark.parametrize(
    ("text", "span"),
    [
        # made-up site adjectives: no table can hold them
        ("4. Enlarged zorbocaval lymph node, 1.6 cm.", "Enlarged zorbocaval lymph node"),
        ("Enlarged left quindular node.", "Enlarged left quindular node"),
        # a table term holding its sign words spans the node words (round 5, the labelled spans)
        ("Enlarged lymph nodes.", "lymph nodes"),
    ],
)
def test_sign_spans_the_node_it_describes(ex: RuleExtractor, text: str, span: str) -> None:
    got = _got(ex, text)
    assert (span, "lymphadenopathy", "present") in got


@pytest.mark.parametrize(
    ("text", "span", "concept"),
    [
        # the sign is said of another structure: its span stays the sign word
        ("The spleen is enlarged.", "enlarged", "splenomegaly"),
        # a node after a phrase stop or another term is not the sign's
        ("Enlarged liver and lymph nodes.", "Enlarged liver", "hepatomegaly"),
    ],
)
def test_sign_span_unchanged_elsewhere(
    ex: RuleExtractor, text: str, span: str, concept: str
) -> None:
    got = _got(ex, text)
    assert any(g[0] == span and g[1] == concept for g in got), got


@pytest.mark.parametrize(
    ("text", "assertion"),
    [
        ("Decreased zorbocaval node.", "present"),
        ("The zorbocaval node measures 1.3 cm in short axis.", "present"),
        ("A left quindular node measuring 8 mm.", "present"),
        ("Several quindular nodes.", "present"),
        ("The quindular nodes are reactive.", "present"),
        ("No zorbocaval nodes.", "absent"),
    ],
)
def test_site_adjective_node_is_a_finding(ex: RuleExtractor, text: str, assertion: str) -> None:
    got = _got(ex, text)
    nodes = [g for g in got if g[0] in ("node", "nodes")]
    assert nodes and nodes[0][1].startswith("lymph node") and nodes[0][2] == assertion, got


@pytest.mark.parametrize(
    "text",
    [
        "The atrioventricular node measures 2 mm.",  # the heart's conduction node
        "The sinoatrial node is seen.",
        "Zorbocaval node dissection was performed.",  # a procedure, not a finding
        "The zorbocaval node station.",
        "The zorbocaval node.",  # named, not counted, measured or described
    ],
)
def test_site_adjective_node_counter_examples(ex: RuleExtractor, text: str) -> None:
    got = _got(ex, text)
    assert not [g for g in got if g[0] in ("node", "nodes")], got


def test_node_ending_a_list_of_findings(ex: RuleExtractor) -> None:
    got = _got(ex, "Decreased mass, segment 6 lesion and zorbocaval node.")
    assert [g for g in got if g[0] == "node" and g[1] == "lymph node"], got
    # counter-examples: a structure listed before it, a node with its own predicate after
    # it (its normal statement stands), a procedure word after it
    assert not [g for g in _got(ex, "Liver and zorbocaval node.") if g[0] == "node"]
    got = _got(ex, "Small effusion and lymph nodes are unremarkable.")
    assert not [g for g in got if g[1] == "lymph nodes"], got
    assert not [g for g in _got(ex, "Effusion and zorbocaval node station.") if g[0] == "node"]
