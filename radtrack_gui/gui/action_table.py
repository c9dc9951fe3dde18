"""Every action of the main window, written once: name, menu text, keys, status tip, icon.

The menu bar, the toolbar, the context menus and the keyboard-shortcuts sheet are all
built from these tables (``gui/menus.py``); the edit handlers are in ``gui/actions.py``,
the window's own in ``gui/main_window.py``. Data only: no Qt objects are made here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ActionSpec:
    name: str
    text: str
    keys: tuple[str, ...] = ()
    tip: str = ""
    icon: str = ""  # a QStyle.StandardPixmap name ("SP_DirOpenIcon")
    role: str = ""  # a QAction.MenuRole name ("QuitRole")
    edit: bool = False  # an edit of the open patient (gui/actions.EditActions)
    checkable: bool = False
    icon_text: str = ""  # the toolbar's short label


def _edit(name: str, text: str, keys: str, tip: str, icon_text: str = "") -> ActionSpec:
    return ActionSpec(name, text, (keys,), tip, edit=True, icon_text=icon_text)


ACTIONS: tuple[ActionSpec, ...] = (
    # -- File
    ActionSpec(
        "open",
        "&Open patient folder…",
        ("Ctrl+O",),
        "Open a folder of reports",
        "SP_DirOpenIcon",
        icon_text="Open",
    ),
    ActionSpec(
        "open_file",
        "Open RadTrack JSON or &CSV…",
        ("Ctrl+Shift+O",),
        "Open a RadTrack JSON export or a MIMIC CSV",
    ),
    ActionSpec(
        "open_cohort", "Open co&hort…", (), "The patients of a `radtrack cohort run` folder"
    ),
    ActionSpec(
        "export",
        "&Export…",
        ("Ctrl+E",),
        "Export chains, annotations or the timeline",
        "SP_DialogSaveButton",
        icon_text="Export",
    ),
    ActionSpec("close", "&Close patient", ("Ctrl+W",)),
    ActionSpec("quit", "&Quit", ("Ctrl+Q",), role="QuitRole"),
    # -- Edit
    # The toolbar's buttons say "Undo"/"Redo" only: the full text (the menu, the tooltip)
    # changes with every edit, and the buttons after them moved with it.
    ActionSpec("undo", "&Undo", ("Ctrl+Z",), icon="SP_ArrowBack", icon_text="Undo"),
    ActionSpec(
        "redo", "&Redo", ("Ctrl+Shift+Z", "Ctrl+Y"), icon="SP_ArrowForward", icon_text="Redo"
    ),
    _edit(
        "merge",
        "&Merge selected chains",
        "Ctrl+M",
        "Merge the chains selected in the chain list into one",
        "Merge",
    ),
    _edit(
        "split_at_report",
        "&Split chain at this report",
        "Ctrl+Shift+S",
        "Mentions from the report shown on go to a new chain",
        "Split",
    ),
    _edit(
        "split_selected",
        "Split off selected &mentions",
        "Ctrl+Shift+N",
        "The selected mentions leave their chain for a new one",
    ),
    _edit(
        "move_to_chain",
        "Mo&ve mention to chain…",
        "Ctrl+Shift+M",
        "Move the selected mentions into another chain",
    ),
    _edit("rename", "&Rename chain…", "F2", "Give the chain a name of your own"),
    _edit(
        "reviewed",
        "Mark chain re&viewed",
        "Ctrl+R",
        "Mark the selected chains reviewed (again: not reviewed)",
        "Reviewed",
    ),
    _edit(
        "add_finding",
        "Add selection as &finding",
        "Ctrl+Shift+F",
        "The selected report text becomes a finding mention (new chain)",
    ),
    _edit(
        "add_device",
        "Add selection as &device",
        "Ctrl+Shift+D",
        "The selected report text becomes a device mention (new chain)",
    ),
    _edit(
        "add_to_chain",
        "Add selection to &chain…",
        "Ctrl+Shift+A",
        "The selected report text becomes a mention of an existing chain",
    ),
    _edit(
        "adjust_span",
        "Ad&just span to selection",
        "Ctrl+Shift+J",
        "The current mention now covers the selected text",
    ),
    _edit("delete_mention", "&Delete mention", "Del", "Delete the selected mentions"),
    _edit(
        "toggle_type",
        "Switch finding/de&vice",
        "Ctrl+Shift+T",
        "Make the selected mentions the other type",
    ),
    _edit("present", "Assertion: &present", "Ctrl+1", "The finding is there"),
    _edit("absent", "Assertion: &absent", "Ctrl+2", "The finding is negated"),
    _edit("possible", "Assertion: p&ossible", "Ctrl+3", "The finding is uncertain"),
    _edit(
        "prev_mention",
        "Previous mention of chain",
        "Alt+Left",
        "Walk the selected chain back through the reports",
    ),
    _edit(
        "next_mention",
        "Next mention of chain",
        "Alt+Right",
        "Walk the selected chain forward through the reports",
    ),
    ActionSpec("search", "&Find chain…", ("Ctrl+F",)),
    ActionSpec("settings", "&Settings…", ("Ctrl+,",), role="PreferencesRole"),
    # -- View
    ActionSpec("x_date", "X axis: exam &date", ("Ctrl+Shift+1",), checkable=True),
    ActionSpec("x_order", "X axis: report &order", ("Ctrl+Shift+2",), checkable=True),
    ActionSpec("fit", "&Fit all", ("Ctrl+0",), "Show the whole timeline", "SP_BrowserReload"),
    ActionSpec(
        "negatives",
        "Show pertinent &negatives",
        (),
        "Timeline lanes of chains whose every mention is absent (“no hydrocephalus”)",
        checkable=True,
    ),
    ActionSpec("prev_report", "Previous report", ("Ctrl+PgUp",)),
    ActionSpec("next_report", "Next report", ("Ctrl+PgDown",)),
    ActionSpec("reset_layout", "&Reset layout"),
    # -- Tools
    ActionSpec("compare", "&Compare with gold annotations…"),
    ActionSpec("rerun", "&Re-run models…", (), "Discard the chains and run the models again"),
    ActionSpec(
        "train_linker",
        "Train &linker on corrections…",
        (),
        "Fit the pairwise linker on your corrected chains",
    ),
    ActionSpec(
        "train_extractor",
        "Train e&xtractor on corrections…",
        (),
        "Fine-tune the neural mention extractor on your corrected mentions",
    ),
    ActionSpec("log", "Show &log folder"),
    # -- Help
    ActionSpec("demo", "Open &demo patient", (), "Open the synthetic demo patient"),
    ActionSpec(
        "demo_oncology",
        "Open &oncology demo patient",
        (),
        "Open the synthetic oncology follow-up (CT, PET/CT, MR liver, port, biliary stents)",
    ),
    ActionSpec("shortcuts", "&Keyboard shortcuts", ("Ctrl+/",)),
    ActionSpec("about", "&About RadTrack", role="AboutRole"),
)

SPECS = {spec.name: spec for spec in ACTIONS}

# The menu bar: (title, entries); None is a separator, "@recent" the recent-patients menu,
# "@chain_dock"/"@report_dock" the docks' show/hide actions.
MENUS: tuple[tuple[str, tuple[str | None, ...]], ...] = (
    (
        "&File",
        ("open", "open_file", "open_cohort", "@recent", None, "export", None, "close", "quit"),
    ),
    (
        "&Edit",
        (
            "undo",
            "redo",
            None,
            "merge",
            "split_at_report",
            "split_selected",
            "move_to_chain",
            None,
            "rename",
            "reviewed",
            None,
            "add_finding",
            "add_device",
            "add_to_chain",
            "adjust_span",
            "delete_mention",
            None,
            "toggle_type",
            "present",
            "absent",
            "possible",
            None,
            "search",
            None,
            "settings",
        ),
    ),
    (
        "&View",
        (
            "@chain_dock",
            "@report_dock",
            None,
            "x_date",
            "x_order",
            "fit",
            "negatives",
            None,
            "prev_mention",
            "next_mention",
            "prev_report",
            "next_report",
            None,
            "reset_layout",
        ),
    ),
    (
        "&Tools",
        ("compare", "rerun", None, "train_linker", "train_extractor", None, "log"),
    ),
    ("&Help", ("demo", "demo_oncology", "shortcuts", None, "about")),
)

TOOLBAR: tuple[str | None, ...] = (
    "open",
    None,
    "undo",
    "redo",
    None,
    "merge",
    "split_at_report",
    "reviewed",
    None,
    "export",
)

# Right click in the report text, and on a chain in the list.
REPORT_MENU: tuple[str | None, ...] = (
    "add_finding",
    "add_device",
    "add_to_chain",
    "adjust_span",
    None,
    "delete_mention",
    "move_to_chain",
    "split_selected",
    "toggle_type",
    "present",
    "absent",
    "possible",
    None,
    "rename",
    "reviewed",
)
CHAIN_MENU: tuple[str | None, ...] = ("merge", "split_at_report", "rename", "reviewed")

# Keys and mouse of the timeline itself (gui/timeline/), for the shortcuts sheet.
TIMELINE_KEYS = (
    ("Left, Right", "Pan through time"),
    ("Up, Down", "Scroll the lanes"),
    ("+, -", "Zoom time in, out"),
    ("Home", "Fit all"),
    ("Wheel", "Scroll the lanes"),
    ("Ctrl+Wheel", "Zoom time"),
    ("Shift+Wheel", "Pan through time"),
    ("Alt+Wheel", "Zoom the lanes"),
    ("Drag", "Pan; drag a glyph onto a lane to move the mention"),
    ("Shift+Drag, Ctrl+Drag", "Select the glyphs in a rectangle (Ctrl: add them)"),
    ("Click", "Pick a mention (on a glyph) or a chain (on its lane)"),
    ("Ctrl+Click", "Add a mention or chain to the selection, or take it out"),
    ("Shift+Click", "Select the range from the last pick"),
)
