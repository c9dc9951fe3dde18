"""``core.progress.throttled``: a stage's reports at most once per interval; each stage's
first report and its last (done == total) always pass."""

from __future__ import annotations

from radtrack_gui.core.progress import throttled


def test_reports_within_the_interval_are_dropped_but_not_a_stage_start_or_end() -> None:
    heard: list[tuple[str, int, int]] = []
    now = [0.0]
    report = throttled(lambda s, d, t: heard.append((s, d, t)), every=0.05, clock=lambda: now[0])
    for i in range(1, 101):  # 100 reports, 1 ms apart
        now[0] += 0.001
        report("read", i, 100)
    now[0] += 0.001
    report("analyse", 0, 10)  # a new stage passes at once
    report("analyse", 1, 10)  # the same instant: dropped
    now[0] += 0.06
    report("analyse", 2, 10)  # the interval has passed
    assert heard == [
        ("read", 1, 100),
        ("read", 51, 100),
        ("read", 100, 100),  # the last always passes
        ("analyse", 0, 10),
        ("analyse", 2, 10),
    ]


def test_without_the_throttle_every_report_is_heard() -> None:
    heard: list[int] = []
    report = throttled(lambda s, d, t: heard.append(d), every=0.0, clock=lambda: 0.0)
    for i in range(5):
        report("read", i, 10)
    assert heard == [0, 1, 2, 3, 4]  # the counter-example: an interval of 0 drops none
