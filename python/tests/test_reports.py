"""The generic export: a compiled ``report_<name>`` function becomes ``heaplab.<name>``,
returning a ``Report`` whose attributes are the JSON's fields, with the boundary's
``ValueError`` for arguments the compiled function cannot take."""

import json

import pytest

import heaplab


class _FakeCompiled:
    """A stand-in for the compiled module with one report function."""

    @staticmethod
    def report_demo(n, scale=1):
        """Demo: the first n multiples of scale."""
        if not isinstance(n, int):
            raise TypeError("argument 'n': not an int")
        return json.dumps({"values": [scale * i for i in range(n)], "name": "demo"})

    @staticmethod
    def other(n):
        return n


def test_report_functions_are_found_named_and_documented():
    functions = heaplab._report_functions(_FakeCompiled)
    assert list(functions) == ["demo"]
    demo = functions["demo"]
    assert demo.__name__ == "demo"
    assert demo.__doc__ == "Demo: the first n multiples of scale."
    report = demo(4, scale=3)
    assert isinstance(report, heaplab.Report)
    assert report.values == [0, 3, 6, 9]
    assert report.name == "demo"
    assert repr(report).startswith("demo(")


def test_a_bad_argument_is_a_value_error():
    demo = heaplab._report_functions(_FakeCompiled)["demo"]
    with pytest.raises(ValueError, match="report_demo: argument 'n'"):
        demo("four")


def test_report_is_exported():
    assert "Report" in heaplab.__all__
