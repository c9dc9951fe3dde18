"""Qt-free view models: what the GUI shows, computed without Qt (testable headless)."""
