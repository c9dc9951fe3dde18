"""Cohorts: many patients through the pipeline on a Dask cluster, queried with DuckDB.

Qt-free. ``sources`` finds the patients of an INPUT (a folder of patient folders or a
MIMIC CSV, streamed and split by subject), ``tasks`` is what runs on a worker (the same
pipeline as ``radtrack process``, models loaded once per worker), ``output`` writes and reads
the Parquet datasets (FORMATS §6), ``run`` schedules it all on ``distributed``, ``query`` and
``summary`` read the results, ``loader`` opens one patient of a cohort as a project.
dask, distributed, pyarrow, duckdb and matplotlib are imported inside functions only.
"""
