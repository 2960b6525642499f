"""``TensorLayout``'s field spans, which the tensor writers clear and rewrite by."""

from __future__ import annotations

import numpy as np
import pytest

from farmstead.core.tensor import TensorLayout, clear_spans, element_view


def layout() -> TensorLayout:
    t = TensorLayout()
    for name, size in (("a", 2), ("b", 3), ("c", 1), ("d", 4)):
        t.add(name, size, name)
    return t


def test_spans_merge_adjacent_fields_in_layout_order() -> None:
    t = layout()
    assert t.spans("d", "a", "b") == [(0, 5), (6, 10)]
    assert t.spans("c") == [(5, 6)]
    assert t.span("c", "b", "d") == (2, 10)


def test_span_refuses_fields_that_are_not_adjacent() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        layout().span("a", "c")


def test_clear_spans_zeroes_only_those_spans() -> None:
    t = layout()
    buffer = np.arange(1, t.size + 1, dtype=np.float32)
    clear_spans(element_view(buffer), element_view(t.new()), t.spans("a", "d"))
    assert buffer.tolist() == [0, 0, 3, 4, 5, 6, 0, 0, 0, 0]
