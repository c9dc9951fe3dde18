"""Mouse and keyboard on the timeline: the view box, hit-testing, drag, hover, keys."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import numpy as np
import pyqtgraph as pg

from radtrack_gui.gui import style as S
from radtrack_gui.gui.qt import (
    QEvent,
    QObject,
    QPointF,
    QRectF,
    Qt,
    QtGui,
    QTimer,
    QtWidgets,
)
from radtrack_gui.gui.timeline.items import HIT_RADIUS_PX
from radtrack_gui.views import lanes as L


# -- the view box --------------------------------------------------------------------
class TimelineViewBox(pg.ViewBox):
    """Wheel scrolls the lanes, Ctrl+wheel zooms time, Shift+wheel pans time, Alt+wheel
    zooms the lanes (as in timeline tools). Dragging a glyph moves it to another lane;
    Shift/Ctrl+drag on empty space selects the glyphs in a rubber band; a plain drag pans."""

    def __init__(self, owner: Any) -> None:
        super().__init__(invertY=True, enableMenu=False)
        self.owner = owner
        self._drag: list[str] | None = None
        self._band: QPointF | None = None  # rubber band start (scene), while dragging
        self._band_mods = Qt.KeyboardModifier.NoModifier  # held when the drag began

    def wheelEvent(self, ev: Any, axis: int | None = None) -> None:
        if axis is None:
            mods = ev.modifiers()
            steps = np.sign(ev.delta())
            (x0, x1), (y0, y1) = self.viewRange()
            if mods & Qt.KeyboardModifier.ControlModifier:
                axis = 0
            elif mods & Qt.KeyboardModifier.AltModifier:
                axis = 1
            elif mods & Qt.KeyboardModifier.ShiftModifier:
                self.translateBy(x=-steps * (x1 - x0) * 0.1)
                ev.accept()
                return
            else:
                # Between the first and the last row only: lanes that all fit stay put
                # (they went into blank space above the first row, hiding the last).
                lay = self.owner.tl.layout_
                top, bottom = -0.7, (lay.n_rows if lay is not None else 1) - 0.3
                dy = -steps * max(1.0, (y1 - y0) * 0.1)
                fits = y1 - y0 >= bottom - top - 0.5  # every row in view (first draw, fit)
                dy = 0.0 if fits else min(max(dy, top - y0), bottom - y1)
                if dy:
                    self.translateBy(y=dy)
                ev.accept()
                return
        super().wheelEvent(ev, axis)

    def mouseClickEvent(self, ev: Any) -> None:
        if ev.button() == Qt.MouseButton.LeftButton:
            ev.accept()
            self.owner.on_click(ev.scenePos(), ev.modifiers())
        else:
            super().mouseClickEvent(ev)

    def mouseDragEvent(self, ev: Any, axis: int | None = None) -> None:
        if ev.button() == Qt.MouseButton.LeftButton and axis is None:
            if ev.isStart():
                hit = self.owner.hit(ev.buttonDownScenePos())
                self._drag = self.owner.drag_ids(hit) if hit else None
                presses = getattr(self.scene(), "clickEvents", None) or []
                self._band_mods = ev.modifiers() | (
                    presses[0].modifiers() if presses else Qt.KeyboardModifier.NoModifier
                )
                picking = self._band_mods & (
                    Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier
                )
                self._band = QPointF(ev.buttonDownScenePos()) if (hit is None and picking) else None
            if self._band is not None:
                ev.accept()
                self.owner.rubber_band(
                    self._band,
                    ev.scenePos(),
                    ev.isFinish(),
                    bool(self._band_mods & Qt.KeyboardModifier.ControlModifier),
                )
                if ev.isFinish():
                    self._band = None
                return
            if self._drag is not None:
                ev.accept()
                self.owner.drag_update(self._drag, ev.scenePos(), ev.isFinish())
                if ev.isFinish():
                    self._drag = None
                return
        super().mouseDragEvent(ev, axis)


if TYPE_CHECKING:
    from radtrack_gui.gui.timeline.widget import TimelineWidget


class TimelineInteraction(QObject):
    """The interaction controller: hit-testing, clicks, drags, hover and keys. It filters
    the plot's events and answers the view box's mouse calls."""

    def __init__(self, tl: TimelineWidget) -> None:
        super().__init__(tl)
        self.tl = tl
        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(60)
        self._hover_timer.timeout.connect(self.show_hover)
        self._hover_pos: QPointF | None = None

    def hit(self, scene_pos: QPointF) -> str | None:
        """The mention whose glyph is under ``scene_pos`` (within a few pixels), if any."""
        if self.tl.painter._hx.size == 0:
            return None
        if not self.tl.vb.sceneBoundingRect().contains(scene_pos):
            return None
        v = self.tl.vb.mapSceneToView(scene_pos)
        px, py = self.tl.vb.viewPixelSize()
        d2 = ((self.tl.painter._hx - v.x()) / px) ** 2 + ((self.tl.painter._hy - v.y()) / py) ** 2
        i = int(np.argmin(d2))
        return self.tl.painter._hid[i] if d2[i] <= HIT_RADIUS_PX**2 else None

    def _row_at(self, scene_pos: QPointF) -> int:
        return round(self.tl.vb.mapSceneToView(scene_pos).y())

    def on_click(self, scene_pos: QPointF, modifiers: Any) -> None:
        """Click picks one glyph (or lane); Ctrl+click toggles it in the selection;
        Shift+click adds the range from the last pick (the lane's glyphs between, or the
        lanes between). Every pick stays visible; ``mentionClicked``/``chainClicked``
        say which one was clicked, the selection is ``selected_mentions``/``_chains``."""
        self.tl.view.setFocus()
        ctrl = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
        shift = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
        p = self.tl.patient
        mid = self.hit(scene_pos)
        if mid is not None and p is not None:
            picked = list(self.tl.selection.mentions)
            if shift and self.tl.selection.anchor in p.mentions:
                new = self._mention_range(self.tl.selection.anchor, mid)
                picked = list(dict.fromkeys([*picked, *new])) if ctrl else new
            elif ctrl:
                if mid in picked:
                    picked.remove(mid)
                else:
                    picked.append(mid)
                self.tl.selection.anchor = mid
            else:
                picked = [mid]
                self.tl.selection.anchor = mid
            current = mid if mid in picked else (picked[-1] if picked else None)
            self.tl.select_mentions(picked, current)
            if current is not None:
                self.tl.mentionClicked.emit(current)
            return
        lay = self.tl.layout_
        if lay is None:
            return
        row = self._row_at(scene_pos)
        fold = lay.fold_at(row) if hasattr(lay, "fold_at") else None
        if fold is not None:
            self.tl.expand_group(fold.key)
            return
        group = lay.group_at(row)
        if group is not None:
            if group.key in self.tl.expanded:  # opened from its fold row: fold it again
                self.tl.expand_group(group.key, False)
            else:
                self.tl.toggle_group(group.key)
            return
        lane = lay.lane_at(row)
        if lane is None:
            return
        chains = list(self.tl.selection.chains)
        if shift and self.tl.selection.chain in lay.row_of_chain:
            lo, hi = sorted((lay.row_of_chain[self.tl.selection.chain], lane.row))
            between = [ln.chain for ln in lay.lanes if lo <= ln.row <= hi]
            chains = list(dict.fromkeys([*chains, *between]))
        elif ctrl:
            chains = (
                [c for c in chains if c != lane.chain]
                if lane.chain in chains
                else [*chains, lane.chain]
            )
        else:
            chains = [lane.chain]
        self.tl.selection.mentions = []
        self.tl.selection.chains = chains
        self.tl.selection.chain = (
            lane.chain if lane.chain in chains else (chains[-1] if chains else None)
        )
        self.tl.painter.draw_selection()
        self.tl.chainClicked.emit(self.tl.selection.chain or "")

    def _mention_range(self, a: str, b: str) -> list[str]:
        """The glyphs from ``a`` to ``b``: along a lane when both are in one, otherwise
        every glyph in the rectangle the two span (rows and x)."""
        ia, ib = self.tl.painter._hid.index(a), self.tl.painter._hid.index(b)
        x0, x1 = sorted((self.tl.painter._hx[ia], self.tl.painter._hx[ib]))
        y0, y1 = sorted((self.tl.painter._hy[ia], self.tl.painter._hy[ib]))
        inside = (
            (self.tl.painter._hx >= x0)
            & (self.tl.painter._hx <= x1)
            & (self.tl.painter._hy >= y0)
            & (self.tl.painter._hy <= y1)
        )
        return [self.tl.painter._hid[i] for i in np.flatnonzero(inside)]

    def rubber_band(self, start: QPointF, end: QPointF, finish: bool, add: bool) -> None:
        """Shift/Ctrl+drag on empty space: the glyphs inside the rectangle are picked
        (Ctrl adds them to the selection)."""
        a, b = self.tl.vb.mapSceneToView(start), self.tl.vb.mapSceneToView(end)
        rect = QRectF(a, b).normalized()
        if not finish:
            self.tl.scene._band_item.setRect(rect)
            self.tl.scene._band_item.show()
            return
        self.tl.scene._band_item.hide()
        inside = (
            (self.tl.painter._hx >= rect.left())
            & (self.tl.painter._hx <= rect.right())
            & (self.tl.painter._hy >= rect.top())
            & (self.tl.painter._hy <= rect.bottom())
        )
        ids = [self.tl.painter._hid[i] for i in np.flatnonzero(inside)]
        picked = list(dict.fromkeys([*self.tl.selection.mentions, *ids])) if add else ids
        if not picked:
            return
        self.tl.selection.anchor = picked[-1]
        self.tl.select_mentions(picked, picked[-1])
        self.tl.mentionClicked.emit(picked[-1])

    def drag_ids(self, mid: str) -> list[str]:
        if mid in self.tl.selection.mentions:
            return list(self.tl.selection.mentions)
        return [mid]

    def drag_update(self, ids: list[str], scene_pos: QPointF, finish: bool) -> None:
        lay = self.tl.layout_
        if lay is None or self.tl.patient is None:
            return
        v = self.tl.vb.mapSceneToView(scene_pos)
        row = round(v.y())
        lane = lay.lane_at(row)
        if finish:
            self.tl.scene._ghost.setData([], [])
            self.tl.scene._target.hide()
            if lane is not None and any(
                self.tl.patient.mentions[m].chain != lane.chain
                for m in ids
                if m in self.tl.patient.mentions
            ):
                self.tl.mentionsDropped.emit(ids, lane.chain)
            return
        self.tl.scene._ghost.setData([v.x()], [v.y()])
        if lane is not None:
            left, right = self.tl.painter._band_x
            self.tl.scene._target.setRect(QRectF(left, row - 0.5, right - left, 1.0))
            self.tl.scene._target.show()
        else:
            self.tl.scene._target.hide()

    def on_mouse_moved(self, scene_pos: QPointF) -> None:
        self._hover_pos = QPointF(scene_pos)
        self._hover_timer.start()

    def show_hover(self) -> None:
        if self._hover_pos is None or self.tl.patient is None:
            return
        mid = self.hit(self._hover_pos)
        if mid is None:
            tip = self.label_tooltip_at(self._hover_pos)
            if tip:
                global_pos = self.tl.view.mapToGlobal(self.tl.view.mapFromScene(self._hover_pos))
                QtWidgets.QToolTip.showText(global_pos, tip, self.tl.view)
            else:
                QtWidgets.QToolTip.hideText()
            return
        i = self.tl.painter._hid.index(mid)
        same = np.flatnonzero(
            (self.tl.painter._hx == self.tl.painter._hx[i])
            & (self.tl.painter._hy == self.tl.painter._hy[i])
        )
        ids = [self.tl.painter._hid[k] for k in same[:4]]
        text = "<hr>".join(self.hover_html(m) for m in ids)
        if len(same) > len(ids):
            text += f"<br><i>… and {len(same) - len(ids)} more in this report</i>"
        global_pos = self.tl.view.mapToGlobal(self.tl.view.mapFromScene(self._hover_pos))
        QtWidgets.QToolTip.showText(global_pos, text, self.tl.view)

    def label_tooltip_at(self, scene_pos: QPointF) -> str:
        """The full text of the lane label under ``scene_pos`` (labels may be elided)."""
        lay = self.tl.layout_
        if lay is None or not self.tl.lane_axis.sceneBoundingRect().contains(scene_pos):
            return ""
        row = self._row_at(scene_pos)
        lane = lay.lane_at(row)
        if lane is not None:
            return self.lane_tooltip(lane.chain)
        group = lay.group_at(row)
        if group is not None:
            return (
                html.escape(group.caption)
                + "<br><i>Click the row to "
                + ("expand" if group.collapsed else "collapse")
                + " it</i>"
            )
        fold = lay.fold_at(row) if hasattr(lay, "fold_at") else None
        if fold is not None and self.tl.patient is not None:
            names = [
                self.tl.patient.chains[c].label
                for c in fold.chains[:15]
                if c in self.tl.patient.chains
            ]
            more = len(fold.chains) - len(names)
            return (
                f"<b>{len(fold.chains)} less important lanes</b> (fewer reports where "
                f"the finding is there): {html.escape(', '.join(names))}"
                + (f" and {more} more" if more > 0 else "")
                + "<br><i>Click the row to show them all</i>"
            )
        return ""

    def lane_tooltip(self, chain_id: str) -> str:
        """Rich text naming a lane's chain in full: label, type, mentions, reports."""
        p = self.tl.patient
        chain = p.chains.get(chain_id) if p is not None else None
        if p is None or chain is None:
            return ""
        ms = [p.mentions[m] for m in chain.mentions if m in p.mentions]
        n_reports = len({m.report for m in ms})
        facts = (
            f"{chain.type} · {len(ms)} mention{'s' if len(ms) != 1 else ''} in "
            f"{n_reports} report{'s' if n_reports != 1 else ''}"
        )
        extra = (
            "<br><i>every mention absent or normal (a pertinent negative)</i>"
            if L.negative_only(ms)
            else ""
        )
        return (
            f"<b>{html.escape(chain.label or chain.id)}</b><br>"
            f"<span style='color:#555'>{html.escape(facts)}</span>{extra}"
        )

    def hover_html(self, mention_id: str) -> str:
        """Rich text for a glyph: chain, the sentence with the mention highlighted, report."""
        p = self.tl.patient
        assert p is not None
        m = p.mentions[mention_id]
        r = p.report(m.report)
        before, text, after = L.hover_context(r.text, m.start, m.end)
        colour = S.HIGHLIGHT.get(m.type, S.HIGHLIGHT["finding"])
        chain = p.chains.get(m.chain or "")
        when = r.date.strftime("%Y-%m-%d %H:%M") if r.date and r.date_known else "undated"
        facts = [m.type, m.assertion]
        ch = S.normalize_change(m.change)
        if ch:
            facts.append(S.CHANGE_NAMES[ch].lower())
        if m.section:
            facts.append(m.section.lower())
        return (
            f"<div style='max-width:420px'>"
            f"<b>{html.escape(chain.label if chain else '')}</b><br>"
            f"{html.escape(before)}<span style='background:{colour}'><b>"
            f"{html.escape(text)}</b></span>{html.escape(after)}<br>"
            f"<span style='color:#555'>{html.escape(when)} · {html.escape(r.modality)} · "
            f"{html.escape(r.exam or r.id)}<br>{html.escape(', '.join(facts))}</span></div>"
        )

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
        if obj is self.tl.view and ev.type() == QEvent.Type.KeyPress:
            assert isinstance(ev, QtGui.QKeyEvent)
            return self._key(ev)
        return super().eventFilter(obj, ev)

    def _key(self, ev: QtGui.QKeyEvent) -> bool:
        (x0, x1), (y0, y1) = self.tl.vb.viewRange()
        w, h = x1 - x0, y1 - y0
        k = ev.key()
        if k == Qt.Key.Key_Left:
            self.tl.vb.translateBy(x=-w * 0.1)
        elif k == Qt.Key.Key_Right:
            self.tl.vb.translateBy(x=w * 0.1)
        elif k == Qt.Key.Key_Up:
            self.tl.vb.translateBy(y=-max(1.0, h * 0.1))
        elif k == Qt.Key.Key_Down:
            self.tl.vb.translateBy(y=max(1.0, h * 0.1))
        elif k in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.tl.vb.scaleBy(x=0.8)
        elif k == Qt.Key.Key_Minus:
            self.tl.vb.scaleBy(x=1.25)
        elif k == Qt.Key.Key_Home:
            self.tl.fit_all()
        else:
            return False
        return True
