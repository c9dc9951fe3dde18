"""Qt-free view models: what the timeline and the report view show, computed from the core
model (lanes, course of a chain). The GUI draws them; tests check them without Qt."""
