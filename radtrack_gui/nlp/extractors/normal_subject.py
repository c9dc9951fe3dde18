"""Normal statements about structures the anatomy tables lack: "Muscle planes are
unremarkable", "Douglas pouch: free", "Clear Douglas pouch". The noun phrase a normal
predicate is said of (the subject before a copula or a heading colon, else the phrase the
normal word opens) is that statement's structure when it reads as anatomy: its head noun (or
the head of its "of" phrase, "calibre of major vessels") is a structure of the vocabulary or
one of the anatomy head nouns of ``resources/vocab/anatomy_heads.tsv``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from radtrack_gui.nlp.extractors.opening_phrases import OPENING_WORDS, opened_phrase
from radtrack_gui.nlp.extractors.statement_parts import line_label, predicate_copula
from radtrack_gui.nlp.extractors.structure_names import names_structure
from radtrack_gui.nlp.vocabulary import Concept, Vocabulary
from radtrack_gui.nlp.word_lists import word_list

if TYPE_CHECKING:  # candidates reads normal_adequacy, which reads this module
    from radtrack_gui.nlp.extractors.candidates import Cand

# "was"/"were" too: a past-tense normal statement ("The arteries were properly contrasted")
COPULAS = frozenset(
    {"is", "are", "was", "were", "appears", "appear", "remains", "remain", "looks", "look"}
)
ADVERBS = frozenset(
    {"otherwise", "grossly", "also", "still", "entirely", "completely", "again", "generally"}
    | {"globally", "overall", "relatively"}
    # degree words of a normal predicate ("fully patent", "well patent", "substantially aligned")
    | {"fully", "well", "substantially", "essentially"}
    # degree words before a finding predicate ("is slightly thickened")
    | {"slightly", "mildly", "moderately", "markedly", "diffusely", "focally"}
)
DETERMINERS = frozenset({"the", "a", "an", "both", "all", "its", "their"})
BREAKS = frozenset({",", ";", ".", ":", "-", "(", ")", "•", "*", "/"})
MAX_WORDS = 8  # a subject of up to eight words before its copula
# verbs after which a predicate opens the phrase it is said of ("shows symmetrical breasts")
SHOW_VERBS = frozenset({"shows", "show", "showing", "reveals", "reveal", "revealing"})
# words that end such a phrase ("symmetrical breasts with heterogeneous parenchyma")
PHRASE_ENDS = frozenset({"with", "and", "in", "without"})
# Predicates that are normal statements only about a structure named as their subject
# ("Ischiorectal fossae are free"); elsewhere they are other words ("free fluid").
# "midline" likewise: "The trachea is midline" (the midline itself is a brain structure).
# "competent" likewise: "The saphenofemoral junction appears competent" ("competent
# patient" is no statement).
SUBJECT_ONLY = frozenset({"free", "midline", "competent"})
# "in the midline" likewise, or right after the structure it places ("Spinal axis in the
# midline", "with the mediastinum and trachea in the midline"); not after a finding ("A cyst
# in the midline of the neck", "Lesion located in the midline").
PLACED = frozenset({"in the midline", "in midline"})
# Predicates that are normal statements only when bound to a structure by the sentence's
# structure: said of a structure ("Endometrium is regular", "Lateral ventricles are
# symmetrical"), of a structure's property ("Its echotexture is homogeneous"), or before a
# property noun ("Liver of regular morphovolumetry", "smooth external contours", "thin
# walls", "typical configuration"); "regular intervals", "thin slices", "smooth muscle" and
# the smooth margins of a lesion named before them in the sentence are no normal statement.
# ("appropriate", "satisfactory", "acceptable" are left out: they are the cue words of a
# device's position and of "in the appropriate clinical setting".)
STRUCTURE_BOUND = frozenset(
    {
        *("regular", "homogeneous", "homogenous", "smooth", "symmetric", "symmetrical"),
        *("typical", "age-appropriate", "age appropriate", "centred", "centered", "thin"),
        *("physiological", "physiologic", "uniform"),
        *("non-thickened", "non thickened", "symmetrically structured", "symmetrically"),
        # round 6: position, opacification and patency said of a structure ("Both kidneys
        # are typically positioned", "The vertebral arteries are properly contrasted", "The
        # middle ear cavities are unobstructed"); of a device or a lesion no normal statement
        *("typically positioned", "normally positioned", "typically located"),
        *("in the typical location", "properly contrasted", "correctly contrasted"),
        *("well contrasted", "normally contrasted", "unobstructed"),
    }
)
# Nouns naming a part or the parts of the structure before them ("cartilage surfaces").
PART_NOUNS = frozenset({"surface", "surfaces", "structure", "structures", "portion", "portions"})
# Adjectives of a tissue or system that, before a part noun, name structures ("Vascular
# structures appear normal", "The bony structures are intact"; round 6).
TISSUE_ADJECTIVES = frozenset(
    {
        *("vascular", "bony", "osseous", "skeletal", "midline", "ligamentous", "tendinous"),
        *("muscular", "venous", "arterial", "neural", "glandular", "cartilaginous"),
    }
)
# Endings of the Latin adjectives that follow their noun in anatomy names ("conus
# medullaris", "linea alba", "pes anserinus").
LATIN_ADJECTIVE = ("aris", "alis", "inus", "ina", "alba", "major", "minor")
# Properties of a structure a bound predicate may qualify (singular and plural).
PROPERTY_NOUNS = frozenset(
    {
        *("contour", "contours", "outline", "outlines", "wall", "walls", "margin", "margins"),
        *("echotexture", "echostructure", "ecostructure", "echogenicity", "echo", "texture"),
        *("structure", "morphology", "morphovolumetry", "shape", "size", "volume", "volumes"),
        *("dimensions", "configuration", "course", "calibre", "caliber", "appearance"),
        *("density", "attenuation", "thickness", "width", "curvature", "lordosis"),
        *("kyphosis", "alignment", "distension", "distention", "parenchyma", "content"),
        *("contents", "signal", "lumen", "height", "proportions", "arrangement"),
    }
)


def subject_only_fails(c: Cand, toks: list[str], v: Vocabulary | None = None) -> bool:
    """True for a subject-only predicate ("free") that does not end a clause whose subject
    it follows after a copula or a heading colon ("fossae are free" holds; "free of
    nodules", "free air" do not); for a placing one (``PLACED``) the structure may also
    stand right before it."""
    if c.term.lower() in PLACED:
        low = toks  # lower case already (text.word_bounds)
        if c.t0 > 0 and v is not None and _anatomy_like(v, [low[c.t0 - 1]]):
            return False
        i = c.t0 - 1
        while i >= 0 and low[i] in ADVERBS:
            i -= 1
        return not (i > 0 and (low[i] in COPULAS or low[i] == ":"))
    if c.term not in SUBJECT_ONLY:
        return False
    low = toks  # lower case already (text.word_bounds)
    i = c.t0 - 1
    while i >= 0 and low[i] in ADVERBS:
        i -= 1
    before = i > 0 and (low[i] in COPULAS or low[i] == ":")
    return not (before and (c.t1 >= len(low) or low[c.t1] in BREAKS or low[c.t1] == "and"))


def bound_predicate_fails(v: Vocabulary, c: Cand, toks: list[str], earlier: list[Cand]) -> bool:
    """True for a structure-bound predicate (``STRUCTURE_BOUND``) that the sentence does not
    bind to a structure: neither said (after a copula or a heading colon) of an anatomy-like
    phrase or of a property noun, nor opening an anatomy-like phrase, nor qualifying a
    property noun (at most two words on) when no finding or normal statement is named earlier
    in the sentence (``earlier``: the candidates kept before it)."""
    if c.term not in STRUCTURE_BOUND:
        return False
    low = toks  # lower case already (text.word_bounds)
    if continues_predicates(v, low, c.t0, c.t1):
        # one more attribute of a structure already said to be normal in this sentence ("of
        # normal size, homogeneous") is that statement, not one of its own
        return any(k.concept.startswith("normal ") for k in earlier)
    words = subject_phrase(toks, c.t0, c.t1)
    opening = c.t0 == 0 or low[c.t0 - 1] in BREAKS  # "..., regular walls": a property next
    if words and any(w.isalpha() for w in words):
        if words[-1] in PROPERTY_NOUNS:  # "Its echotexture is homogeneous"
            if not opening:
                return False
        elif _anatomy_like(v, words):
            return False
    j = c.t1
    while j < len(low) and j - c.t1 <= 2:
        if low[j] in PROPERTY_NOUNS:
            # of a finding named before it, or one more attribute of a structure already said
            # to be normal in this sentence ("normal size and shape, with a homogeneous
            # echotexture": one normal statement); a finding the structure is said not to
            # have (an organ "not enlarged", then "with" an even texture) has none
            return any(
                k.type == "finding"
                and (k.concept.startswith("normal ") or not _is_negated_predicate(low, k.t0))
                for k in earlier
            )
        if low[j] in BREAKS or low[j] in COPULAS or not low[j].isalpha() or low[j] == "of":
            break
        j += 1
    return True


# How far back (tokens) a predicate list may run from its copula (an organ "is not
# enlarged," then a bare "homogeneous"); the words a bare predicate may stand before (it
# opens no phrase).
LIST_REACH = 12
BARE_AFTER = frozenset({",", ";", ".", "and", "in", "with", "without", "on", ")", "("})


def continues_predicates(v: Vocabulary, low: list[str], t0: int, t1: int) -> bool:
    """A bare predicate that continues the list of predicates of a structure named as the
    subject of the clause (a copula, "not enlarged", then bare "homogeneous" and "atrophic"
    after commas; "Gallbladder: pear-shaped, anechoic"): after a comma
    or "and", back over the list (no sentence or clause end) to a copula or heading colon
    whose subject reads as anatomy; not a predicate that opens a phrase ("..., homogeneous
    lesion"), nor one after a subject that is no structure. (The caller drops it when a
    normal statement about the structure came earlier in the sentence.)"""
    if t0 == 0 or low[t0 - 1] not in (",", "and"):
        return False
    if t1 < len(low) and low[t1] not in BARE_AFTER:
        return False
    i = t0 - 2
    while i >= 0 and t0 - i <= LIST_REACH:
        w = low[i]
        if w in (".", ";", "(", ")"):
            return False
        if w in COPULAS or w == ":":
            words = subject_phrase(low, i + 1, i + 2)
            return bool(words) and any(x.isalpha() for x in words) and _anatomy_like(v, words)
        i -= 1
    return False


def _is_negated_predicate(low: list[str], t0: int) -> bool:
    """The word at ``t0`` is a negated predicate of the clause's subject: "not" (over
    adverbs) after a copula ("is not enlarged") or after a comma or "and" in the list of
    its predicates ("is partially visible, not enlarged"). A structure said not to be
    abnormal has no property of a lesion's."""
    i = t0 - 1
    while i >= 0 and low[i] in ADVERBS:
        i -= 1
    if i < 0 or low[i] != "not":
        return False
    i -= 1
    if i >= 0 and low[i] in COPULAS:
        return True
    if i < 0 or low[i] not in (",", "and"):
        return False
    j = i - 1
    while j >= 0 and i - j <= LIST_REACH:
        if low[j] in (".", ";", ":", "(", ")", "with", "without"):
            return False
        if low[j] in COPULAS:
            return True
        j -= 1
    return False


# Finding terms that name a property a normal statement may be about ("The lumbar lordosis is
# physiological", "normal contrast enhancement", "Intraparenchymal vascularization is normal").
PROPERTY_FINDINGS = frozenset(
    {
        *("lordosis", "kyphosis", "curvature", "curve", "signal", "vascularization"),
        *("vascularisation", "vascularity", "flow", "echogenicity", "enhancement", "density"),
        *("attenuation", "intensity", "alignment"),
    }
)


# Words that may join two normal predicates of one statement ("uniform and of normal size").
JOINERS = frozenset({"and", ",", "of", "with", "in"})


def one_normal_per_statement(kept: list[Cand], toks: list[str]) -> list[Cand]:
    """``kept`` without a normal statement that only continues the one before it about the
    same structure, joined by "and"/"of"/a comma ("uniform and of normal size", "patent
    and of normal caliber": one statement, at its first word); two statements
    about two structures, or apart in the sentence, stay."""
    out: list[Cand] = []
    last: Cand | None = None
    for k in kept:
        if (
            last is not None
            and k.concept.startswith("normal ")
            and k.concept == last.concept
            and k.t0 - last.t1 <= 3
            and all(toks[j].lower() in JOINERS for j in range(last.t1, k.t0))
            and "and" in (t.lower() for t in toks[last.t1 : k.t0])
        ):
            continue
        out.append(k)
        last = k if k.concept.startswith("normal ") else None
    return out


def without_normal_properties(kept: list[Cand], toks: list[str]) -> list[Cand]:
    """``kept`` without the finding candidates that only name the property a normal
    statement of the sentence is about: the subject before the copula of a normal predicate
    ("The lumbar lordosis is physiological") or the word right after it ("normal contrast
    enhancement", "physiological lordosis", said present); the normal statement stays."""
    normals = [k for k in kept if k.concept.startswith("normal ")]
    if not normals:
        return kept
    low = toks  # lower case already (text.word_bounds)
    drop: set[int] = set()
    for n in normals:
        i = n.t0 - 1
        while i >= 0 and low[i] in ADVERBS:
            i -= 1
        start = i
        if i >= 0 and low[i] in COPULAS:
            while start > 0 and low[start - 1] not in BREAKS and i - start < MAX_WORDS:
                start -= 1
        for k in kept:
            if k.type != "finding" or k.concept.startswith("normal "):
                continue
            if low[k.t1 - 1] not in PROPERTY_FINDINGS:
                continue
            # the subject is the property whatever negation ran into it from an earlier
            # clause (an organ "not enlarged," then its echogenicity "is normal")
            subject = i >= 0 and low[i] in COPULAS and start <= k.t0 and k.t1 <= i
            after = k.assertion == "present" and (
                (n.t1 <= k.t0 <= n.t1 + 2 and all(low[j] not in BREAKS for j in range(n.t1, k.t0)))
                or (k.t1 - k.t0 == 1 and _listed_property(low, n.t1, k.t0))
            )
            if subject or after:
                drop.add(id(k))
    return [k for k in kept if id(k) not in drop]


# Words that may stand between a normal statement and a property it goes on to list ("of
# normal size and uniform echogenicity", "preserved parenchymal thickness and echogenicity").
LIST_JOINERS = frozenset({"and", "of", "with", "normal", "preserved"})
LIST_REACH_PROPERTY = 6


def _listed_property(low: list[str], start: int, k0: int) -> bool:
    """The words from ``start`` to ``k0`` only list more attributes of one normal statement:
    property nouns, structure-bound predicates, joiners and relational adjectives, in one
    clause and at most ``LIST_REACH_PROPERTY`` words."""
    if not start < k0 <= start + LIST_REACH_PROPERTY:
        return False
    return all(
        w in PROPERTY_NOUNS
        or w in STRUCTURE_BOUND
        or w in LIST_JOINERS
        or (w.isalpha() and w.endswith(("al", "ar")))
        for w in low[start:k0]
    )


def anatomy_heads() -> frozenset[str]:
    return word_list("anatomy_heads")


def _anatomy_like(v: Vocabulary, words: list[str]) -> bool:
    heads = anatomy_heads()
    ends = [words[-1]]
    if "of" in words:
        ends.append(words[words.index("of") - 1] if words.index("of") > 0 else words[-1])
    # a part noun after its structure ("cartilage surfaces", "ligament structures") and a
    # Latin name's noun before its adjective ("conus medullaris") name the structure too
    if len(words) > 1 and (words[-1] in PART_NOUNS or words[-1].endswith(LATIN_ADJECTIVE)):
        ends.append(words[-2])
        if words[-1] in PART_NOUNS and words[-2] in TISSUE_ADJECTIVES:
            return True  # "vascular structures", "bony structures", "midline structures"
    if any(w in heads or v.anatomy_of(w) for w in ends):
        return True
    # the long tail of RadLex's structure names ("sella turcica", "cisterna magna", "patella")
    return names_structure(words) or ("of" in words and names_structure(words[: words.index("of")]))


# the public name of the test (normal_quality reads the subject of a verb of showing with it)
anatomy_like = _anatomy_like


def _phrase(words: list[str]) -> list[str]:
    while words and words[0] in DETERMINERS:
        words = words[1:]
    return words


# Verbs that say a structure has a property: a predicate right before a property noun after
# them ("The patellar tendon has normal thickness", "Soft tissues have preserved density",
# "the structures of the circle of Willis show a normal course") is said of their subject.
HAVE_VERBS = frozenset({"has", "have", "shows", "show", "exhibits", "exhibit"})


def _has_property(low: list[str], i: int, t1: int) -> bool:
    """``low[i]`` is a verb of ``HAVE_VERBS`` (a/an between it and the predicate allowed)
    whose predicate ending at ``t1`` qualifies a property noun right after it."""
    return (
        i > 0
        and low[i] in HAVE_VERBS
        and t1 < len(low)
        and low[t1] in PROPERTY_NOUNS
        and low[i - 1] not in BREAKS
    )


def subject_phrase(toks: list[str], t0: int, t1: int) -> list[str]:
    """The noun phrase (lower case, determiners dropped) a predicate at ``toks[t0:t1]`` is
    said of: the words before a copula, a heading colon or a verb of having before a property
    noun ("The tendon has normal thickness"), else those after a clause-opening predicate
    ("Clear Douglas pouch"); [] when there is none."""
    low = toks  # lower case already (text.word_bounds)
    i = t0 - 1
    while i >= 0 and low[i] in ADVERBS:
        i -= 1
    if i > 0 and low[i] == "of" and low[i - 1] in COPULAS:
        i -= 1  # "is of normal size"
    if i > 0 and low[i] in ("a", "an") and _has_property(low, i - 1, t1):
        i -= 1  # "show a normal course"
    if i >= 0 and (low[i] in COPULAS or low[i] == ":" or _has_property(low, i, t1)):
        end, i = i, i - 1
        while i >= 0 and low[i] not in BREAKS and low[i] not in COPULAS and end - i <= MAX_WORDS:
            i -= 1
        if end - i > MAX_WORDS:
            return []
        return _phrase(low[i + 1 : end])
    if i < 0 or low[i] in BREAKS or low[i] in SHOW_VERBS:
        j, words = t1, 0
        while j < len(low) and low[j] not in COPULAS and words < OPENING_WORDS:
            if low[j] in BREAKS and not (low[j] == "-" and j - t1 > 0 and j + 1 < len(low)):
                break  # a hyphen inside a word ("glandular-type breasts") is no break
            words += low[j] != "-"
            j += 1
        if j < len(low) and low[j] not in BREAKS and low[j] not in PHRASE_ENDS:
            return []
        return opened_phrase([w for w in _phrase(low[t1:j]) if w != "-"])  # opening_phrases
    return []


# Blood flow is what a Doppler study examines: "Flow spectra are within normal limits",
# "Intraparenchymal vascularization is normal" are normal statements ("Function is
# preserved" stays none: no structure, no flow).
FLOW_WORDS = frozenset(
    {"flow", "flows", "vascularization", "vascularisation", "vascularity", "perfusion"}
    | {"waveform", "waveforms", "coding"}
)
# words that may follow the flow noun of "preserved flow" (its phrase ends there)
FLOW_AFTER = frozenset({"in", "with", "and", "of", "at", "through", "throughout", "on"})
# A subject of at most this many words that ends in a property noun ("its contours",
# "echotexture") makes a normal predicate a statement about the structure described.
PROPERTY_SUBJECT_WORDS = 2
# the words that may come before such a property noun ("external contours"); another word
# names what the property is of ("The lesion margins are regular": no normal statement)
PROPERTY_QUALIFIERS = frozenset({"external", "internal", "outer", "inner", "overall", "general"})


# Words naming the whole examination or a report heading: a normal predicate said of them
# ("Normal examination.", "Ultrasound findings are within normal limits", "Diagnostic
# Impression: Within normal limits.") is a normal statement about the whole exam.
EXAM_WORDS = frozenset(
    {"examination", "exam", "study", "findings", "scan", "ultrasound", "sonography"}
    | {"radiograph", "x-ray"}
)
# Report headings: only a heading colon makes the predicate a statement about the exam
# ("Impression: within normal limits"; "Overall impression is normal" is no finding).
HEADING_WORDS = frozenset(
    {"impression", "conclusion", "conclusions", "result", "results", "assessment", "summary"}
    | {"comment", "comments"}
)
NORMAL_EXAM = "normal examination"


def normal_of_unlisted(v: Vocabulary, c: Cand, toks: list[str]) -> bool:
    """Make ``c`` (a normal predicate with no structure found) a normal statement about the
    anatomy-like (or blood flow) noun phrase it is said of, or about the whole examination
    (``EXAM_WORDS``); False (``c`` unchanged) when there is none."""
    low = toks  # lower case already (text.word_bounds)
    if (c.t0 > 0 and low[c.t0 - 1] in FLOW_WORDS) or (
        c.t1 < len(low)
        and low[c.t1] in FLOW_WORDS
        # "preserved flow." / "preserved flow in the CFA", not "a clear flow anomaly"
        and (c.t1 + 1 == len(low) or low[c.t1 + 1] in BREAKS or low[c.t1 + 1] in FLOW_AFTER)
    ):
        # "flow preserved", "with preserved flow": a Doppler statement about blood flow
        c.concept, c.anatomy, c.anatomy_from_text = "normal flow", "", False
        return True
    words = subject_phrase(toks, c.t0, c.t1)
    if not words or not any(w.isalpha() for w in words):
        return False
    if len(words) <= PROPERTY_SUBJECT_WORDS and all(
        w in PROPERTY_NOUNS or w in PROPERTY_QUALIFIERS for w in words
    ):
        # "Its contours are regular", "Echotexture: homogeneous": a normal statement about
        # the structure the report is describing, named by the property
        c.concept, c.anatomy, c.anatomy_from_text = f"normal {' '.join(words)}", "", False
        return True
    i = c.t0 - 1
    while i >= 0 and toks[i].lower() in ADVERBS:
        i -= 1
    if words[-1] in EXAM_WORDS or (words[-1] in HEADING_WORDS and i >= 0 and toks[i] == ":"):
        c.concept, c.anatomy, c.anatomy_from_text = NORMAL_EXAM, "", False
        return True
    if (
        not _anatomy_like(v, words)
        and FLOW_WORDS.isdisjoint(words)
        and not (i >= 0 and toks[i] == ":" and line_label(toks, i))
    ):
        return False
    phrase = " ".join(words)
    listed = v.anatomy_of(phrase)  # a synonym the sentence's anatomy reading left out
    c.concept = f"normal {listed or phrase}"
    c.anatomy, c.anatomy_from_text = (listed, True) if listed else ("", False)
    return True


def said_of_unlisted_structure(v: Vocabulary, c: Cand, concept: Concept, toks: list[str]) -> bool:
    """A finding that needs a structure ("thickened") and is the predicate of an anatomy-like
    subject the tables lack ("The Achilles tendon is thickened"): the subject is its site
    (kept without an anatomy of the tables). False for every other mention."""
    if "needs-anatomy" not in concept.flags or "normal" in concept.flags or c.type != "finding":
        return False
    low = toks  # lower case already (text.word_bounds)
    i = predicate_copula(low, c.t0, COPULAS, ADVERBS)
    if i is None:
        # not a predicate: a site phrase right after it may name the structure (an
        # irregularity "in the cartilage of" a named bone), not "thickened wall"
        return _site_phrase_after(v, low, c.t1)
    words = subject_phrase(low, i + 1, i + 2)
    return bool(words) and any(w.isalpha() for w in words) and _anatomy_like(v, words)


SITE_PREPOSITIONS = frozenset({"in", "of", "at", "within", "along"})


def _site_phrase_after(v: Vocabulary, low: list[str], k: int) -> bool:
    """``low[k:]`` opens with a site phrase whose noun phrase reads as anatomy ("in the
    cartilage", "of the pituitary stalk"): a preposition, then up to ``MAX_WORDS`` words
    before a break or another preposition."""
    if k >= len(low) or low[k] not in SITE_PREPOSITIONS:
        return False
    j = k + 1
    while j < len(low) and j - k <= MAX_WORDS and low[j].isalpha():
        if low[j] in SITE_PREPOSITIONS or low[j] in PHRASE_ENDS:
            break
        j += 1
    words = _phrase(low[k + 1 : j])
    return bool(words) and _anatomy_like(v, words)
