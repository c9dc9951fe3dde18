"""Questions about one patient's reports, answered with evidence (Qt-free; FORMATS §7)."""
