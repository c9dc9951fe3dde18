"""The bottom layer: file-system and text utilities with no knowledge of reports (paths,
atomic writes, natural sort)."""
