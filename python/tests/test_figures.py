"""Figures of result objects: ``figure(path, ...)`` writes SVG, PDF, PNG or TikZ by the
extension through the same builders as ``heaplab … --figure``; ``_repr_svg_`` is that SVG."""

import xml.etree.ElementTree as ET

import pytest

import heaplab

SVG = "{http://www.w3.org/2000/svg}"


def _texts(svg: str) -> str:
    """Every text of an SVG, joined by spaces."""
    root = ET.fromstring(svg)
    return " ".join((node.text or "").strip() for node in root.iter() if node.tag in (SVG + "text", SVG + "metadata"))


def _pdf_title(data: bytes) -> str:
    """The Info dictionary's title of a PDF: literal text, or UTF-16 in hexadecimal."""
    at = data.index(b"/Title") + len(b"/Title")
    rest = data[at:].lstrip()
    if rest.startswith(b"<"):
        raw = bytes.fromhex(rest[1:rest.index(b">")].decode("ascii"))
        return raw[2:].decode("utf-16-be") if raw.startswith(b"\xfe\xff") else raw.decode("latin-1")
    return rest[1:rest.index(b")")].decode("latin-1")


def test_subtraction_repr_svg_parses_and_holds_title_axes_legend_and_link():
    texts = _texts(heaplab.subtraction([2, 3, 7], terms=60)._repr_svg_())
    for want in ["Subtraction game S = {2,3,7}: nim-values of heaps 0 to 59", "heap n", "nim-value G(n)",
                 "G(n) = 0 (P-position)", "#/subtraction?S=2,3,7&n=60"]:
        assert want in texts


def test_figure_writes_by_extension(tmp_path):
    game = heaplab.octal(".07", terms=50)
    svg, pdf, png, tex = (tmp_path / f"f.{ext}" for ext in ("svg", "pdf", "png", "tex"))
    game.figure(str(svg), kind="outcomes")
    texts = _texts(svg.read_text())
    assert "outcomes of heaps 0 to 49" in texts and "#/octal?code=" in texts
    game.figure(str(pdf), size="page", palette="grey")
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert "Octal game ·07" in _pdf_title(data)
    game.figure(str(png), size="column@600")
    assert png.read_bytes().startswith(b"\x89PNG")
    game.figure(str(tex))
    assert "\\begin{tikzpicture}" in tex.read_text()


def test_provenance_can_be_left_off_and_bad_options_are_value_errors(tmp_path):
    game = heaplab.subtraction([1, 4], terms=30)
    path = tmp_path / "plain.svg"
    game.figure(str(path), provenance=False)
    assert "HeapLab v" not in _texts(path.read_text())
    for kwargs in [{"size": "huge"}, {"palette": "neon"}, {"kind": "pie"}]:
        with pytest.raises(ValueError):
            game.figure(str(tmp_path / "x.svg"), **kwargs)
    with pytest.raises(ValueError):
        game.figure(str(tmp_path / "x.jpg"))


def test_rules_games_draw_with_the_rules_page_link():
    texts = _texts(heaplab.rules("mark", terms=40)._repr_svg_())
    assert "MARK" in texts and "nim-values of heaps 0 to 39" in texts
    assert "#/rules?preset=mark&n=40" in texts
