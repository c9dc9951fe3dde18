"""Sentence templates for devices: placed, present, in place, moved, malpositioned,
removed; the tip words."""

from __future__ import annotations

NEW_DEVICE = (
    "A {T} has been placed with its {tip} {pos}.",
    "New {T} terminates {pos}.",
    "Interval placement of a {T}, {tip} {pos}.",
    "The patient has been intubated; the {T} tip is {pos}.",
    "A {T} is now seen, ending {pos}.",
    "Since the prior study, a {T} has been inserted; it terminates {pos}.",
)
NEW_DEVICE_NOTIP = (
    "Interval placement of a {T}.",
    "A {T} is now present.",
    "New {T} is noted.",
)
PRESENT_DEVICE = (  # a device seen on the patient's first exam
    "A {T} is in place with its {tip} {pos}.",
    "The {T} terminates {pos}.",
    "{T} with {tip} {pos}.",
    "There is a {T} ending {pos}.",
)
STATIC_DEVICE = (
    "Again seen: {T}.",
    "Stable appearance of the {T}.",
    "The {T} is unchanged in position.",
    "Again noted is the {T}.",
    "A {T} is present.",
)
DEVICE_IN_PLACE = (
    "The {T} is in unchanged position.",
    "{T} tip remains {pos}.",
    "The {T} is in satisfactory position, {pos}.",
    "The {T} terminates {pos}, unchanged.",
    "Lines and tubes: the {T} is in standard position.",
    "The {T} is stable in position.",
    "Unchanged position of the {T}, with the {tip} {pos}.",
    "The {T} remains in place.",
)
DEVICE_MOVED = (
    "The {T} has been advanced and now terminates {pos}.",
    "The {T} has been withdrawn and its {tip} is now {pos}.",
    "The {T} has been repositioned; the {tip} is now {pos}.",
    "Interval repositioning of the {T}, now {pos}.",
    "The {T} was pulled back and now ends {pos}.",
)
DEVICE_BAD = (
    "The {T} terminates {pos}; repositioning is recommended.",
    "The {T} is malpositioned, {pos}.",
    "The {T} tip projects {pos} and should be withdrawn.",
    "The {tip} of the {T} is {pos}.",
)
DEVICE_REMOVED = (  # the removal mention continues the chain
    "The {T} has been removed.",
    "Interval removal of the {T}.",
    "The previously seen {T} is no longer present.",
    "The {T} has been removed in the interval.",
    "There has been removal of the {T}.",
)
TIP_WORDS = ("tip", "tip", "[distal] tip", "catheter tip")
