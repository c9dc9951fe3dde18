"""The size over time in the HTML summary (formats/size_svg.py + html_summary)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import datetime
from pathlib import Path

from size_cases import _patient

from radtrack_gui.core.model import Chain, Mention
from radtrack_gui.formats.html_summary import html_summary
from radtrack_gui.formats.size_svg import size_plot_svg
from radtrack_gui.views.sizes import size_series

SVG = "{http://www.w3.org/2000/svg}"
ONCO = Path(__file__).resolve().parents[2] / "radtrack_gui" / "resources" / "samples"


def test_plot_has_dates_values_and_a_line():
    p = _patient(
        [(0, ["2.4 x 2.1 cm"], "present"), (1, ["18 mm"], "present"), (2, ["29 mm"], "present")]
    )
    p.chains["c1"].label = "segment 8 <lesion> & co"
    svg = size_plot_svg(size_series(p, "c1"))
    root = ET.fromstring(svg)  # well-formed, the label escaped
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"24", "18", "29"} <= set(texts)  # each dot's value
    assert "2151-01-10" in texts and "2151-06-15" in texts  # first and last date
    assert "mm" in texts and "0" in texts and "50" in texts  # the zero-based axis
    line = root.find(f"{SVG}polyline")
    assert line is not None and len(line.get("points", "").split()) == 3
    tips = [c.find(f"{SVG}title").text for c in root.iter(f"{SVG}circle")]
    assert tips[0] == "2151-01-10 CT: 2.4 x 2.1 cm"
    assert "segment 8 <lesion> & co" in root.get("aria-label", "")
    # the larger size is drawn higher (smaller y)
    ys = [float(c.get("cy")) for c in root.iter(f"{SVG}circle")]
    assert ys[2] < ys[0] < ys[1]


def test_summary_shows_sizes_only_where_there_are_some():
    p = _patient([(0, ["24 mm"], "present"), (1, ["18 mm"], "present")])
    # a chain measured once: a line, no plot
    p.mentions["n1"] = Mention(
        "n1", "r0.txt", 100, 106, "nodule", measurements=["4 mm"], chain="c2"
    )
    p.chains["c2"] = Chain("c2", "finding", "right upper lobe nodule", ["n1"])
    # a chain never measured, and a device with a model size: nothing
    p.mentions["e1"] = Mention("e1", "r1.txt", 120, 128, "effusion", chain="c3")
    p.chains["c3"] = Chain("c3", "finding", "pleural effusion", ["e1"])
    p.mentions["d1"] = Mention(
        "d1", "r1.txt", 130, 136, "stent", type="device", measurements=["10 mm x 6 cm"], chain="c4"
    )
    p.chains["c4"] = Chain("c4", "device", "biliary stent", ["d1"])
    html = html_summary(p, generated=datetime(2151, 10, 1))
    rows = {m[1]: m[2] for m in re.finditer(r'<tr id="(c\d)">(.*?)</tr>', html, re.S)}
    assert html.count('<svg class="size-plot"') == 1 and "<svg" in rows["c1"]
    assert "Size: 24 → 18 mm (2151-01-10 to 2151-03-20)" in rows["c1"]
    assert "<svg" not in rows["c2"] and "Size: 4 mm (2151-01-10)" in rows["c2"]
    assert "Size:" not in rows["c3"] and "Size:" not in rows["c4"]
    assert "<script" not in html and "http://www.w3.org/2000/svg" in html  # a namespace, not a link


def test_oncology_demo_summary_has_size_plots(tmp_path):
    from radtrack_gui.formats.html_summary import write_html_summary
    from radtrack_gui.pipeline import process_folder

    patient = process_folder(ONCO / "oncology_patient")
    out = tmp_path / "s.html"
    write_html_summary(patient, out)
    html = out.read_text(encoding="utf-8")
    assert html.count('<svg class="size-plot"') >= 2
    assert "24 → " in html  # the segment 8 lesion's first size, 2.4 cm
