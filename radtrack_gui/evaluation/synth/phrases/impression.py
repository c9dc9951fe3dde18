"""Sentence templates for the impression."""

from __future__ import annotations

IMPRESSION_NEW = (
    "{Size} {adj} {T}.",
    "New {adj} {T}.",
    "Interval development of {adj} {T}.",
    "{Size} {T} {at}, new since {prior}.",
)
IMPRESSION_CHANGED = ("{Chg} {adj} {T}.", "{Adj} {T}, {chg}.", "{Size} {adj} {T}, {chg}.")
IMPRESSION_RESOLVED = ("Resolved {adj} {T}.", "Resolution of the {adj} {T}.")
IMPRESSION_DEVICE = (
    "{T} in standard position.",
    "{T} terminates {pos}.",
    "Lines and tubes as described; the {T} terminates {pos}.",
    "Malpositioned {T}; see above.",
)
IMPRESSION_NO_ACUTE = {
    "chest": ("No acute cardiopulmonary abnormality otherwise.", "Otherwise no acute change."),
    "head": ("Otherwise no acute intracranial abnormality.", "No other acute change."),
    "abdomen": ("Otherwise no acute abdominal or pelvic abnormality.", "No other acute findings."),
    "spine": ("Otherwise no acute abnormality of the cervical spine.", "No other acute findings."),
}
