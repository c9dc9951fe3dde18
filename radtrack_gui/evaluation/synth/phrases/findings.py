"""Sentence templates for findings: new, hedged, paired, changed, stable, resolved,
incidental; the change words."""

from __future__ import annotations

# New finding (place known). {at} = "<prep> <noun>".
NEW_FINDING = (  # a prior exam of the region exists: the text says the finding is new
    "There is a new {size} {adj} {T}.",
    "New {size} {adj} {T}.",
    "A {size} {T} is newly seen {at}.",
    "{Size} {T} is now present {at}.",
    "Interval development of a {size} {T} {at}.",
    "There is a new {size} {T} {at}.",
    "{Size} {adj} {T} is newly noted.",
    "Findings are notable for a new {size} {adj} {T}.",
    "There is {size} {T} {at}, not seen on the prior study.",
    "A {size} {adj} {T} has developed since the prior exam.",
)
NEW_FINDING_FIRST = (  # the patient's first exam of the region: nothing to compare with
    "There is a {size} {adj} {T}.",
    "A {size} {T} is seen {at}.",
    "{Size} {T} is present {at}.",
    "{Size} {adj} {T} is noted.",
    "Findings are notable for a {size} {adj} {T}.",
    "There is {size} {T} {at}.",
)
HEDGED_FINDING = (
    "Possible {size} {adj} {T}.",
    "Questionable {size} {T} {at}.",
    "There may be a {size} {adj} {T}.",
    "A {size} {T} {at} cannot be excluded.",
    "Findings could reflect a {size} {adj} {T}.",
)
PAIRED_FINDING = (  # descriptive term {T} plus diagnostic term {T2} for one process
    "{Size} {T} {at}, which may represent {T2}.",
    "There is a {size} {adj} {T}, concerning for {T2}.",
    "{Size} {adj} {T}, likely {T2}.",
    "New {size} {T} {at} is suspicious for {T2}.",
)
CHANGE_WORDS = (  # (chg adjective, chgn noun, chgv past participle, change value)
    ("slightly larger", "increase", "increased", "increased"),
    ("larger", "enlargement", "enlarged", "increased"),
    ("smaller", "decrease", "decreased", "decreased"),
    ("slightly smaller", "decrease", "decreased in size", "decreased"),
    ("improved", "improvement", "improved", "improved"),
    ("worse", "worsening", "worsened", "worsened"),
    ("unchanged", "no change", "remained unchanged", "stable"),
    ("stable", "no significant change", "remained stable", "stable"),
    ("similar in appearance", "no substantial change", "not changed", "stable"),
)
CHANGED_FINDING = (
    "The {adj} {T} is {chg} compared to the prior study.",
    "{Chg} {size} {adj} {T}.",
    "Previously seen {adj} {T} has {chgv}.",
    "The {T} {at} appears {chg}.",
    "There has been {chgn} in the {adj} {T}.",
    "Again seen is a {size} {T} {at}, {chg}.",
    "The known {adj} {T} is {chg}.",
    "{Size} {adj} {T} is again noted and is {chg}.",
    "Attention to the {noun}: the {T} is {chg}.",
    "The {noun} is again evaluated. The {T} in this region is {chg}.",
    "Redemonstration of {size} {T} {at}, {chg} since {prior}.",
)
STABLE_CHRONIC = (
    "Again noted is a {size} {T} {at}.",
    "Stable {size} {adj} {T}.",
    "The {adj} {T} is unchanged.",
    "Redemonstrated {size} {T} {at}.",
    "Known {adj} {T}, without significant change.",
    "Unchanged appearance of the {T} {at}.",
)
RESOLVED_FINDING = (  # the negated mention continues the chain
    "The previously seen {adj} {T} has resolved.",
    "No residual {adj} {T}.",
    "Interval resolution of the {adj} {T}.",
    "The {adj} {T} is no longer seen.",
    "The {T} {at} has cleared.",
    "There is no longer evidence of {T} {at}.",
)
INCIDENTAL = (
    "Incidental note is made of {size} {T} {at}.",
    "There is an incidental {size} {adj} {T}.",
    "{Size} {T} {at} is of doubtful clinical significance.",
    "Incidentally seen {T} {at}.",
)
