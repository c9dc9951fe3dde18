"""Edit commands: each do/undo keeps the invariants and undo restores the exact state."""

from __future__ import annotations

import pytest
from edit_cases import _at, make_patient, state

from radtrack_gui.core.edits import (
    AddMention,
    AdjustSpan,
    ChangeMentionType,
    Changes,
    Command,
    Compound,
    DeleteMention,
    MarkReviewed,
    MergeChains,
    MoveMention,
    MoveMentions,
    RenameChain,
    SetChainType,
    SetMentionAttributes,
    SplitChain,
    next_id,
)
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient


@pytest.fixture
def patient() -> Patient:
    p = make_patient()
    assert p.check() == []
    assert p.chains["c1"].mentions == ["m1", "m3", "m6", "m8"]
    return p


def roundtrip(p: Patient, cmd) -> Changes:
    """do, check, undo (exact), redo (same result as do)."""
    before = state(p)
    changes = cmd.do(p)
    assert p.check() == [], p.check()
    after = state(p)
    back = cmd.undo(p)
    assert p.check() == []
    assert state(p) == before
    assert back.chains_added == changes.chains_removed
    assert back.mentions_added == changes.mentions_removed
    again = cmd.do(p)
    assert state(p) == after
    assert again == changes
    return changes


def test_split_at_report(patient: Patient):
    cmd = SplitChain("c1", at_report="r3.txt")
    ch = roundtrip(patient, cmd)
    assert cmd.text == "Split chain"
    assert ch.chains_added == {"c4"}  # c1..c3 exist (c3: pneumothorax singleton)
    assert ch.chains_changed == {"c1"}
    assert ch.mentions_changed == {"m6", "m8"}
    assert patient.chains["c1"].mentions == ["m1", "m3"]
    assert patient.chains["c4"].mentions == ["m6", "m8"]
    assert patient.chains["c4"].type == "finding"
    assert patient.mentions["m8"].chain == "c4"
    assert patient.chains["c4"].label == "pleural effusion"


def test_split_by_mentions_and_refusals(patient: Patient):
    ch = roundtrip(patient, SplitChain("c1", mention_ids=["m8", "m3"]))
    assert patient.chains["c4"].mentions == ["m3", "m8"]  # kept in time order
    assert ch.chains_added == {"c4"}
    with pytest.raises(InputError, match="empty"):
        SplitChain("c1", at_report="r1.txt").do(patient)
    with pytest.raises(InputError, match="not in chain"):
        SplitChain("c1", mention_ids=["m2"]).do(patient)
    with pytest.raises(InputError, match="either"):
        SplitChain("c1")


def test_merge_into_first_or_target(patient: Patient):
    SplitChain("c1", at_report="r3.txt").do(patient)
    before = state(patient)
    cmd = MergeChains(["c4", "c1"])
    assert cmd.text == "Merge 2 chains"
    ch = roundtrip(patient, cmd)
    assert ch.chains_removed == {"c1"} and ch.chains_changed == {"c4"}
    assert patient.chains["c4"].mentions == ["m1", "m3", "m6", "m8"]
    # The merge is recorded as the person's; the evidence is carried over.
    assert patient.chains["c4"].why["m3"] == "merged by hand (was: same concept (0.9))"
    assert patient.chains["c4"].source == "person"
    cmd.undo(patient)
    assert state(patient) == before
    MergeChains(["c4", "c1"], target="c1").do(patient)
    assert list(patient.chains) == ["c1", "c2", "c3"]
    assert patient.check() == []


def test_merge_refuses_mixed_types_and_leaves_patient_untouched(patient: Patient):
    before = state(patient)
    with pytest.raises(InputError, match="cannot merge device chain 'c2' into finding"):
        MergeChains(["c1", "c2"]).do(patient)
    assert state(patient) == before
    with pytest.raises(InputError, match="no chain"):
        MergeChains(["c1", "c99"]).do(patient)
    with pytest.raises(InputError, match="at least two"):
        MergeChains(["c1"])
    assert MergeChains(["c1", "c3", "c1"]).text == "Merge 2 chains"


def test_move_mentions(patient: Patient):
    ch = roundtrip(patient, MoveMention("m5", "c1"))
    assert ch.chains_removed == {"c3"}  # the emptied singleton goes
    assert "m5" in patient.chains["c1"].mentions
    assert patient.chains["c1"].mentions.index("m5") == 2  # time then text order
    assert patient.chains["c1"].why["m5"] == "moved here by hand"
    patient.chains["c1"].mentions.remove("m5")  # back to the fixture state by hand
    patient.set_chains([["m1", "m3", "m6", "m8"], ["m2", "m4", "m7"]])
    cmd = MoveMentions(["m6", "m8"])
    assert cmd.text == "Move 2 mentions to a new chain"
    ch = roundtrip(patient, cmd)
    assert ch.chains_added == {"c4"}
    with pytest.raises(InputError, match="cannot move device mention 'm2'"):
        MoveMention("m2", "c1").do(patient)
    with pytest.raises(InputError, match="already alone"):
        MoveMention("m5").do(patient)
    with pytest.raises(InputError, match="no mention"):
        MoveMention("m77", "c1").do(patient)


def test_rename_locks_label_and_reset_unlocks(patient: Patient):
    cmd = RenameChain("c1", "  L   effusion ")
    roundtrip(patient, cmd)
    assert patient.chains["c1"].label == "L effusion"
    assert patient.chains["c1"].label_locked
    MoveMention("m5", "c1").do(patient)  # other edits keep the user's name
    assert patient.chains["c1"].label == "L effusion"
    RenameChain("c1", "").do(patient)
    assert not patient.chains["c1"].label_locked
    assert patient.chains["c1"].label == "left pleural effusion"


def test_moves_and_splits_never_rename_a_chain_behind_the_user(patient: Patient):
    """Issue #20 item 1: moving mentions into a chain, or splitting part of one off, keeps
    the labels the user saw (before, "pneumothorax" became "left pleural effusion" and the
    rest of a split lost its "left"); only the new chain is named from its mentions."""
    move = MoveMentions(["m1", "m3", "m6"], "c3")
    ch = roundtrip(patient, move)
    assert ch.chains_changed == {"c1", "c3"}
    assert patient.chains["c3"].label == "pneumothorax"  # 3 effusions, 1 pneumothorax
    assert move.text == "Move 3 mentions to “pneumothorax”"
    assert patient.chains["c1"].label == "left pleural effusion"  # m8 alone left in it
    move.undo(patient)
    split = SplitChain("c1", mention_ids=["m1"])
    roundtrip(patient, split)
    assert patient.chains["c1"].label == "left pleural effusion"  # no longer recomputed
    assert patient.chains["c4"].label == "left pleural effusion"  # the new chain is named
    assert split.text == "Split chain"  # no label changed: nothing more to say
    merge = MergeChains(["c3", "c1"], target="c3")
    roundtrip(patient, merge)
    assert patient.chains["c3"].label == "pneumothorax"


def test_a_move_says_the_name_the_user_sees_for_its_target(patient: Patient):
    """Two lanes may share a label: the text says the lane's name the caller gives
    ("pneumothorax · 3 Mar 2150"), the label only when none is given."""
    move = MoveMentions(["m1"], "c3", target_name="pneumothorax · 3 Mar 2150")
    roundtrip(patient, move)
    assert move.text == "Move 1 mention to “pneumothorax · 3 Mar 2150”"
    move.undo(patient)
    plain = MoveMention("m1", "c3")
    roundtrip(patient, plain)
    assert plain.text == "Move 1 mention to “pneumothorax”"


def test_an_explicit_reset_or_laterality_relabels_and_says_so(patient: Patient):
    cmd = SetMentionAttributes(["m1"], laterality="right")
    roundtrip(patient, cmd)
    assert patient.chains["c1"].label == "right pleural effusion"
    assert cmd.text == (
        "Set laterality of mention to right "
        "(chain “left pleural effusion” now “right pleural effusion”)"
    )
    assert SetMentionAttributes(["m6"], change="new").text == "Set change of mention to new"


def test_mark_reviewed(patient: Patient):
    cmd = MarkReviewed(["c1", "c2"])
    assert cmd.text == "Mark 2 chains reviewed"
    ch = roundtrip(patient, cmd)
    assert ch.chains_changed == {"c1", "c2"} and not ch.mentions
    assert patient.chains["c2"].reviewed
    assert MarkReviewed("c1", False).do(patient).chains_changed == {"c1"}
    # Marking a chain as it already is changes nothing.
    assert not MarkReviewed("c3", False).do(patient)


def test_set_attributes_updates_label_and_type(patient: Patient):
    cmd = SetMentionAttributes(["m1", "m3", "m6", "m8"], laterality="right")
    assert cmd.text == "Set laterality of 4 mentions to right"
    ch = roundtrip(patient, cmd)
    assert ch.mentions_changed == {"m1", "m3", "m6", "m8"}
    assert ch.chains_changed == {"c1"}
    assert patient.chains["c1"].label == "right pleural effusion"
    SetMentionAttributes("m5", type="device").do(patient)
    assert patient.chains["c3"].type == "device"
    with pytest.raises(InputError, match="assertion must be one of"):
        SetMentionAttributes("m1", assertion="maybe")
    with pytest.raises(InputError, match="cannot set mention attribute 'id'"):
        SetMentionAttributes("m1", id="x")


def test_set_chain_type(patient: Patient):
    ch = roundtrip(patient, SetChainType("c3", "device"))
    assert ch.mentions_changed == {"m5"}
    assert patient.mentions["m5"].type == "device"
    MergeChains(["c2", "c3"]).do(patient)  # now allowed
    assert patient.check() == []


def test_change_mention_type(patient: Patient):
    # Part of a chain: the mention leaves for a new chain of the new type.
    cmd = ChangeMentionType(["m7"], "finding")
    assert cmd.text == "Make mention a finding"
    ch = roundtrip(patient, cmd)
    assert ch.chains_added == {"c4"} and ch.chains_changed == {"c2"}
    assert patient.chains["c4"].type == "finding" and patient.chains["c4"].mentions == ["m7"]
    assert patient.mentions["m7"].type == "finding"
    # A whole chain changes in place.
    ch = roundtrip(patient, ChangeMentionType(["m2", "m4"], "finding"))
    assert patient.chains["c2"].type == "finding" and not ch.chains_added
    with pytest.raises(InputError, match="already"):
        ChangeMentionType("m1", "finding").do(patient)
    SetChainType("c2", "device").do(patient)
    with pytest.raises(InputError, match="findings and devices in one chain"):
        MoveMentions(["m1", "m2"]).do(patient)


def test_compound_is_one_step_and_all_or_nothing(patient: Patient):
    before = state(patient)
    cmd = Compound(
        "Split and review", [SplitChain("c1", at_report="r3.txt"), MarkReviewed(["c1", "c4"])]
    )
    ch = roundtrip(patient, cmd)
    assert ch.chains_added == {"c4"} and "c1" in ch.chains_changed
    assert patient.chains["c4"].reviewed
    assert cmd.params()["steps"][0]["command"] == "SplitChain"
    cmd.undo(patient)
    bad = Compound("Bad", [MarkReviewed("c1"), MergeChains(["c1", "c2"])])
    with pytest.raises(InputError, match="cannot merge"):
        bad.do(patient)
    assert state(patient) == before  # the first step was undone too


def test_add_mention_new_and_existing_chain(patient: Patient):
    s, e = _at("r3.txt", "Effusion")
    with pytest.raises(InputError, match="already finding mention m6"):
        AddMention("r3.txt", s, e).do(patient)
    s, e = _at("r2.txt", "tube")
    cmd = AddMention("r2.txt", s, e, type="device", concept="endotracheal tube")
    ch = roundtrip(patient, cmd)
    assert cmd.mention_id == "m9"
    assert ch.mentions_added == {"m9"} and ch.chains_added == {"c4"}
    m = patient.mentions["m9"]
    assert (m.text, m.source, m.section, m.concept) == (
        "tube",
        "person",
        "FINDINGS",
        "endotracheal tube",
    )
    s, e = _at("r4.txt", "effusion")
    ch = roundtrip(patient, AddMention("r4.txt", s, e, chain="c1"))
    assert ch.mentions_added == {"m10"} and ch.chains_changed == {"c1"}
    with pytest.raises(InputError, match=r"outside report r4\.txt"):
        AddMention("r4.txt", 5, 999).do(patient)
    with pytest.raises(InputError, match="no report"):
        AddMention("nope.txt", 0, 3).do(patient)
    with pytest.raises(InputError, match="blank"):
        AddMention("r1.txt", 9, 10).do(patient)
    with pytest.raises(InputError, match="cannot add a device mention to finding"):
        AddMention("r1.txt", 0, 8, type="device", chain="c1").do(patient)


def test_delete_mention_restores_exactly(patient: Patient):
    cmd = DeleteMention(["m5", "m3"])
    ch = roundtrip(patient, cmd)
    assert ch.mentions_removed == {"m3", "m5"}
    assert ch.chains_removed == {"c3"} and ch.chains_changed == {"c1"}
    assert "m3" not in patient.mentions and "c3" not in patient.chains
    assert "m3" not in patient.chains["c1"].why
    # Undo puts m3 back in the middle of its chain and c3/m5 back in their places.
    cmd.undo(patient)
    assert list(patient.chains) == ["c1", "c2", "c3"]
    assert list(patient.mentions)[:5] == ["m1", "m2", "m3", "m4", "m5"]
    assert patient.chains["c1"].why == {"m3": "same concept (0.9)"}


def test_adjust_span(patient: Patient):
    old = patient.mentions["m1"]
    obj = old
    s, e = _at("r1.txt", "left pleural effusion")
    ch = roundtrip(patient, AdjustSpan("m1", s, e))
    assert patient.mentions["m1"] is obj  # edited in place: views may keep references
    assert patient.mentions["m1"].text == "left pleural effusion"
    assert ch.mentions_changed == {"m1"}
    with pytest.raises(InputError, match="outside"):
        AdjustSpan("m1", -1, 4).do(patient)


def test_undo_in_reverse_order_then_redo(patient: Patient):
    """What the app's undo stack does with the commands: undo last first, redo in order."""
    start = state(patient)
    split, merge = SplitChain("c1", at_report="r3.txt"), MergeChains(["c1", "c4"])
    assert (split.text, merge.text) == ("Split chain", "Merge 2 chains")
    split.do(patient)
    merge.do(patient)
    after = state(patient)
    merge.undo(patient)
    split.undo(patient)
    assert state(patient) == start
    split.do(patient)  # redo reuses the ids made the first time: c4 again
    assert "c4" in patient.chains
    merge.do(patient)
    assert state(patient) == after and patient.check() == []


def test_many_random_edits_undo_to_start(patient: Patient):
    """A long mixed sequence, then undo everything: back to the start exactly."""
    import random

    rng = random.Random(7)
    start = state(patient)
    history: list[Command] = []  # done, newest last
    undone: list[Command] = []  # undone, newest last (a new edit drops them)

    def push(command: Command) -> None:
        command.do(patient)
        history.append(command)
        undone.clear()

    done = 0
    for _ in range(200):
        p = patient
        kind = rng.randrange(6)
        try:
            if kind == 0:
                push(MoveMention(rng.choice(list(p.mentions)), rng.choice([None, *p.chains])))
            elif kind == 1 and len(p.chains) > 1:
                push(MergeChains(rng.sample(list(p.chains), 2)))
            elif kind == 2:
                c = rng.choice(list(p.chains))
                push(SplitChain(c, mention_ids=p.chains[c].mentions[:1]))
            elif kind == 3:
                push(
                    SetMentionAttributes(
                        rng.choice(list(p.mentions)), type=rng.choice(["finding", "device"])
                    )
                )
            elif kind == 4:
                r = rng.choice(p.reports)
                s = rng.randrange(len(r.text) - 3)
                push(AddMention(r.id, s, s + 3, chain=None))
            elif kind == 5 and len(p.mentions) > 1:
                push(DeleteMention(rng.choice(list(p.mentions))))
            done += 1
        except InputError:
            pass  # refused edits leave the patient untouched (checked below)
        assert patient.check() == []
        if rng.random() < 0.2 and history:
            undone.append(history.pop())
            undone[-1].undo(patient)
            assert patient.check() == []
            if rng.random() < 0.5:
                history.append(undone.pop())
                history[-1].do(patient)
                assert patient.check() == []
    assert done > 100 and len(history) > 50
    while history:
        history.pop().undo(patient)
    assert state(patient) == start


def test_changes_merge_and_ids():
    a = Changes(chains_added={"c5"}, chains_changed={"c1"})
    b = Changes(chains_removed={"c5", "c2"}, mentions_changed={"m1"})
    m = a.merge(b)
    assert m.chains_added == set() and m.chains_removed == {"c2"}
    assert m.chains_changed == {"c1"} and m.mentions_changed == {"m1"}
    c = Changes(chains_removed={"c3"}).merge(Changes(chains_added={"c3"}))
    assert c.chains_changed == {"c3"} and not c.chains_added
    assert Changes.all() and not Changes()
    assert Changes(mentions_added={"m10", "m9"}).as_dict()["mentions_added"] == ["m9", "m10"]
    assert next_id(["m1", "m40", "x99", "m7"], "m") == "m41"
    assert next_id([], "c") == "c1"
