"""dist/ (./build.sh dist) hosted under a sub-path of a static web host, as on https://host/some/sub/path/."""

import pytest

import offline
from conftest import App
from pyramids import embed, games, record
from static_server import StaticServer, wait_controlled

GAME = games.get("ice-lady")
PREFIX = "/some/sub/path/"


@pytest.fixture(scope="module")
def dist_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("build") / "dist"
    offline.dist(out)
    return out


def test_dist_served_from_a_sub_path_works(dist_dir, watched):
    with StaticServer(dist_dir, PREFIX) as host:
        context = watched(host.origin)
        app = App(context.new_page(), host.url).open()
        wait_controlled(app.page)
        assert app.page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == host.url
        app.play("d3", "e4")
        assert app.moves() == ["d3-e4"]
        app.page.wait_for_function("document.querySelector('#rules-body').textContent.length > 200")
        manifest = app.page.evaluate("""async () => {
            const link = document.querySelector('link[rel=manifest]').href;
            const m = await (await fetch(link)).json();
            return [new URL(m.start_url, link).href, new URL(m.scope, link).href]; }""")
        assert manifest == [host.url, host.url]

        link = embed.fragment(record.Record("ice-lady", {}, ("d3-e4", "e6-f5")), 1)
        app.page.goto(host.url + "embed.html#" + link)
        app.wait_ready()
        assert app.position() == GAME.replay(["d3-e4"]).to_text()
        assert app.page.evaluate("document.getElementById('open').href") == host.url + "#" + link

        outside = [path for path in host.requests if not path.startswith(PREFIX)]
        assert outside == [], "every URL stays under the sub-path"
        assert len(host.requests) > 30

        context.set_offline(True)
        app.page.goto(host.url)
        app.wait_ready()
        assert app.moves() == ["d3-e4"], "offline under the sub-path too"
