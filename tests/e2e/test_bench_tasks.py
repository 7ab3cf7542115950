"""The bench's long tasks (tests/bench/browser.py, `LONG_TASKS_JS`): a frame's rendering is a task of its own in
Chromium, and the Long Tasks API does not report those of a page's first frames; a phone's first frame, 60-140 ms
of style and layout at 4x, went uncounted by every row that read that API (the notebook, 2026-12-05)."""

from bench.browser import LONG_TASKS_JS

# A page of many lines and no script: its first frame's layout is long (the processor slowed 20 times), and no
# script runs in it.
PAGE = "<!doctype html><html><body>" + "".join(f"<p>line {i}</p>" for i in range(3000)) + "</body></html>"


def test_a_page_s_long_first_frame_is_counted_as_a_long_task(page, server):
    url = server + "__bench_tasks__.html"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=PAGE))
    page.add_init_script(LONG_TASKS_JS)
    page.add_init_script("""window.__scripts = [];  // what the Long Tasks API alone reports
      new PerformanceObserver(list => __scripts.push(...list.getEntries().map(e => [e.startTime, e.duration])))
        .observe({type: 'longtask', buffered: true});""")
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 20})
    page.goto(url)
    page.wait_for_timeout(1000)
    counted, scripts = page.evaluate("[__longTasks(), __scripts]")
    assert counted and max(length for _, length in counted) > 50, counted
    assert len(counted) > len(scripts), ("the Long Tasks API reported every long task here: this page no longer "
                                         "shows what LONG_TASKS_JS adds", counted, scripts)
