"""Qt-free view models: what the timeline, the chain list and the report view show,
computed from the core model without Qt (testable headless)."""
