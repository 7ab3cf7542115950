"""Benchmarks: load time, click latency and long links in Chromium, engine speed on CPython.

Run with ``./build.sh bench [--runs N] [--json PATH]``; see ``python -m tests.bench --help``.
Nothing here is collected by pytest: timings are measured and reported, never asserted.
"""
