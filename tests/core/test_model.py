from radtrack_gui.core.model import Mention, Patient, Report, chain_label


def _patient() -> Patient:
    p = Patient(
        id="p",
        reports=[
            Report(id="b.txt", text="left effusion"),
            Report(id="a.txt", text="effusion again"),
        ],
    )
    p.mentions = {
        "m1": Mention("m1", "a.txt", 0, 8, "effusion"),
        "m2": Mention("m2", "b.txt", 5, 13, "effusion", laterality="left"),
    }
    return p


def test_set_chains_numbers_by_first_mention_and_adds_singletons():
    p = _patient()
    p.set_chains([["m1"]])
    # b.txt comes first in report order, so m2's singleton is c1.
    assert p.chains["c1"].mentions == ["m2"]
    assert p.chains["c2"].mentions == ["m1"]
    assert p.mentions["m1"].chain == "c2"
    assert p.check() == []


def test_check_reports_bad_offsets():
    p = _patient()
    p.set_chains([["m1", "m2"]])
    assert p.chains["c1"].label == "left effusion"
    p.mentions["m1"].end = 99
    assert any("outside" in e for e in p.check())


def test_chain_label_is_not_a_bare_tip() -> None:
    """A "tip" stands for its device: the device's name labels the chain, however often
    the tip is said; a chain of tips only is labelled by them."""
    p = Patient("p")
    for i, text in enumerate(["Drain", "tip", "tip", "pigtail catheter"]):
        p.mentions[f"m{i}"] = Mention(f"m{i}", "r", 0, len(text), text, type="device")
    assert chain_label(p, ["m0", "m1", "m2", "m3"]) == "drain"
    assert chain_label(p, ["m1", "m2"]) == "tip"


def test_chain_label_says_the_side_once_and_never_before_normal() -> None:
    """A normal statement about the right lung was labelled "right normal right lung"
    (the side said twice, and "right normal …" reads as a finding)."""
    p = Patient("p")
    cases = [
        ("clear", "normal right lung", "right"),  # the side in the concept already
        ("unremarkable", "normal kidney", "left"),  # the side goes after "normal"
        ("effusion", "pleural effusion", "left"),  # a finding: the side first, as before
        ("opacity", "opacity in the right lung", "right"),
        ("effusions", "bilateral pleural effusion", "bilateral"),
    ]
    for i, (text, concept, side) in enumerate(cases):
        p.mentions[f"m{i}"] = Mention(
            f"m{i}", "r", 0, len(text), text, concept=concept, laterality=side
        )
    labels = [chain_label(p, [f"m{i}"]) for i in range(len(cases))]
    assert labels == [
        "normal right lung",
        "normal left kidney",
        "left pleural effusion",
        "opacity in the right lung",
        "bilateral pleural effusion",
    ]
