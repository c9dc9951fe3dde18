"""Ask questions on single PARROT v1.0 reports (keyed by line, read in place from
``../shared/corpora``; the evidence is kept as offsets and a hash, never as text)."""

from __future__ import annotations

from functools import partial

from build_ask_questions_common import N, R, Y, add_question, pr

QUESTIONS: list[dict] = []
q = partial(add_question, QUESTIONS)

q(pr("104"), "hemorrhage?", Y, "polarity", [(R, r"hemorrhagic stroke lesion")], pol="present")
q(pr("104"), "How big is the lesion?", ["59"], "size", [(R, r"measuring 59mm")])
q(
    pr("104"),
    "Is there a pericerebral collection?",
    N,
    "polarity",
    [(R, r"No abnormal pericerebral collection")],
    pol="present",
)
q(
    pr("104"),
    "What did this CT show?",
    ["hemorrhagic", "hyperdense lesion"],
    "whole_exam",
    [(R, r"Hyperdense lesion in the left capsulo")],
)
q(pr("104"), "What's the blood pressure?", [], "", why="scope")
q(
    pr("186"),
    "Was a drain placed?",
    Y,
    "polarity",
    [(R, r"Uncomplicated placement of a suction drain")],
    pol="present",
)
q(
    pr("186"),
    "What size is the drain?",
    ["10 F"],
    "size",
    [(R, r"Insertion of a 10 F suction drain")],
)
q(pr("186"), "What antibiotics is the patient on?", [], "", why="scope")
q(pr("186"), "What did the culture grow?", [], "", why="scope")
q(
    pr("1123"),
    "nerve root compression?",
    N,
    "polarity",
    [(R, r"Early disc protrusion at L4/5 without")],
    pol="present",
)
q(
    pr("1123"),
    "What did this MRI show?",
    ["degenerative", "protrusion"],
    "whole_exam",
    [(R, r"Impression: Age-appropriate")],
)
q(pr("1123"), "What is the pain level?", [], "", why="scope")
q(
    pr("2364"),
    "r/o ptx",
    N,
    "polarity",
    [(R, r"No radiological signs of pneumothorax")],
    pol="present",
)
q(pr("2364"), "pleural fluid?", Y, "polarity", [(R, r"fluid in the pleural cavity")], pol="present")
q(pr("2364"), "How much fluid was drained?", [], "", why="unstated")
q(pr("2501"), "stroke?", Y, "polarity", [(R, r"Signs of a recent left cerebellar")], pol="present")
q(pr("2501"), "hemorrhage?", N, "polarity", [(R, r"No recent hemorrhagic")], pol="present")
q(
    pr("2501"),
    "What did this CT show?",
    ["ischemic", "stroke", "cerebellar"],
    "whole_exam",
    [(R, r"Signs of a recent left cerebellar")],
)
q(pr("2501"), "What is the NIHSS?", [], "", why="scope")
q(
    pr("2686"),
    "Has the hematoma resolved?",
    Y,
    "polarity",
    [(R, r"Conclusion: Complete resolution")],
    pol="absent",
)
q(
    pr("2686"),
    "Is the parietal hematoma still there?",
    N,
    "polarity",
    [(R, r"Conclusion: Complete resolution")],
    pol="present",
)
q(
    pr("2686"),
    "What did this scan show?",
    ["resolution"],
    "whole_exam",
    [(R, r"Conclusion: Complete resolution")],
)
q(pr("2686"), "How big was the hematoma?", [], "", why="unstated")
q(
    pr("2679"),
    "myelopathy?",
    N,
    "polarity",
    [(R, r"No MRI evidence supporting myelopathy")],
    pol="present",
)
q(
    pr("2679"),
    "What did this MRI show?",
    ["myelopathy"],
    "whole_exam",
    [(R, r"No MRI evidence supporting myelopathy")],
)
q(pr("2679"), "What is the B12 level?", [], "", why="scope")
q(
    pr("2373"),
    "intracranial hemorrhage?",
    N,
    "polarity",
    [(R, r"no hyperdense intracranial hemorrhage")],
    pol="present",
)
q(
    pr("2373"),
    "How big is the fluid-filled lesion?",
    ["30 mm"],
    "size",
    [(R, r"a 30 mm fluid-filled lesion")],
)
q(pr("2373"), "Is the patient on levetiracetam?", [], "", why="scope")
q(
    pr("772"),
    "orbital floor fracture?",
    Y,
    "polarity",
    [(R, r"Fracture of the right orbital floor")],
    pol="present",
)
q(pr("772"), "Is there a pneumothorax?", [], "", why="scope")
q(pr("788"), "What is the serum copper?", [], "", why="scope")
q(
    pr("2273"),
    "Is the heart enlarged?",
    Y,
    "polarity",
    [(R, r"cardiac silhouette is enlarged")],
    pol="present",
)
q(pr("2273"), "What is the ejection fraction?", [], "", why="scope")
