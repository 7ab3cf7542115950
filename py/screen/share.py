"""Share and Embed: the game's shortest link (the phone's share sheet, else copied), the iframe code for
a wiki or blog page, and pictures of the board; copying tells whether the browser did copy."""

from functools import partial

import js

from browser import do, on, page_url
from pyramids import record, views


# What a wiki needs before the code shows a game (a wiki shows a pasted <iframe> as text): docs/wiki.md.
FORM_NOTES = {"mediawiki": "The wiki needs the Pyramids template, which its admin sets up once.",
              "dokuwiki": "The wiki needs embedded HTML allowed (its htmlok setting)."}


def said_beside(field):
    """The line beside a box's field that says it was copied: #share-said for #share-link, and so on."""
    return field.partition("-")[0] + "-said"


class Share:
    def __init__(self, app):
        self.app = app
        self.open = set()  # the boxes shown: "share", "embed"
        self.embed_view = {}  # the embed's options as last chosen (its form's fields), none ticked at first
        self.copying = None  # (session, what, said if copied, said after, field) of the copy the page is making
        self.filled = {}  # field -> the text last put in it: its "Copied." goes once the text changes

    def bind(self):
        once_open = self.app.once_open  # each acts on the game on screen: one being opened, once it is shown
        on("share", "click", lambda _event: once_open(self.share))
        on("embed", "click", lambda _event: once_open(self.show_embed))
        on("embed-box", "change", self.on_embed_change)
        svg, png = partial(self.download, "svg"), partial(self.download, "png")  # pressed twice as a game opens: once
        on("download-svg", "click", lambda _event: once_open(svg))
        on("download-png", "click", lambda _event: once_open(png))
        on("document", "pyramids-copied", self.on_copied)  # static/bridge.js's `copy` and `share`
        on("document", "pyramids-picture-failed", self.on_picture_failed)  # its `picture`

    def close(self):
        """Esc closes the link's and the embed's boxes (the focus, if in one, goes back to its button)."""
        for opener in ("share", "embed"):
            close_box(opener)
        self.open.clear()

    def draw(self, s):
        """The boxes open hold the game on screen; Share says whom the link goes to once the player has
        moved and a friend is to move."""
        if "share" in self.open:
            link, refused = self.address()
            self.show_link(link, refused)
        to = s.link_play.send_to()
        do(["set", "share", {"textContent": f"Send to {to}" if to else "Share",
                             "title": f"Send {to} a link to this game" if to else "Copy a link to this game"}])
        if "embed" in self.open:
            self.fill_embed()

    def show_link(self, link, refused):
        """The link in its box, shown unless it is refused (too long to send)."""
        (self.open.discard if refused else self.open.add)("share")
        self.fill("share-link", link)
        do(["set", "share-box", {"hidden": bool(refused)}])

    def fill(self, field, text):
        """Put `text` in the box's `field`; the box's "Copied." goes with the text it said it of."""
        if self.filled.get(field) != text:
            self.filled[field] = text
            do(["set", field, {"value": text}], ["set", said_beside(field), {"textContent": ""}])

    def address(self):
        """The whole address Share hands out, and why it is refused (None if it is not)."""
        shared = self.app.session.link_play.share_link(js.Date.now() / 1000)
        link = page_url() + "#" + shared
        return link, record.too_long_to_send(link)

    def share(self):
        """The shortest link to the game: the phone's share sheet, else copied; a link too long for a chat is
        refused."""
        app = self.app
        app.saving.persist()
        s = app.session
        link, refused = self.address()
        self.show_link(link, refused)
        if refused:
            s.note(refused, warn=True)
            return app.render()
        do(["intoView", "share-box"])  # opened under Share, which may be at the window's foot (a phone)
        to = s.link_play.send_to()
        said = f"Send it to {to}." if to else "Anyone who opens it sees this game, move by move."
        sheet = ("Looney Pyramids", f"Your move in {s.game.title}" if to else s.game.title)
        return self.copy("share-link", "link", f"Link copied. {said}", said, sheet)

    def copy(self, field, what, copied, then="", sheet=()):
        """Have the page put the text of the element `field` on the clipboard (static/bridge.js's `copy`); the
        note says so once the browser has, or that it refused and the text is selected to copy by hand.
        `sheet` (a title and a text): the phone's own share sheet instead, where the page has one (`share`),
        which says nothing once closed: the note is then just `then`."""
        self.copying = (self.app.session, what, copied, then, field)
        do(["share", field, *sheet] if sheet else ["copy", field])

    def on_copied(self, event):
        if self.copying is None:
            return
        (session, what, copied, then, field), self.copying = self.copying, None
        said = then if event.answer == "shared" else copied if event.answer is True else (
            f"The browser did not let the app copy the {what}: it is selected below, to copy by hand "
            f"(Ctrl+C, or \u2318C on a Mac). {then}".strip())
        if session is self.app.session:
            # beside the box too: on a phone scrolled down to it, the message line is above the window
            shown = {"shared": "Shared.", True: "Copied."}.get(event.answer, "Selected: copy it by hand.")
            do(["set", said_beside(field), {"textContent": shown}])
            session.note(said)
            self.app.render()

    # -- Embed --------------------------------------------------------------
    def fill_embed(self):
        """The iframe code for the game and position on screen, in the chosen view."""
        from pyramids import embed  # imported when first needed: it is not part of the start-up
        s = self.app.session
        chosen = self.embed_view
        view = embed.View(play="play" in chosen, static="static" in chosen)
        # the embed shows it before Python starts
        painted = embed.picture(s.record(), s.state, s.clicks.marks(), s.cursor, view, embed.status(s, view), s.start)
        form, board = chosen.get("form", ["html"])[0], views.draw(s.state)
        title = f"{s.game.title}, Looney Pyramids"
        self.fill("embed-code", embed.snippet(page_url(), s.record(), s.cursor, view, title, board, painted, form))
        do(["set", "embed-alt", {"textContent": embed.title_of(board)}],
           ["set", "embed-form-note", {"textContent": FORM_NOTES.get(form, "")}])

    def show_embed(self):
        self.open.add("embed")
        do(["set", "embed-box", {"hidden": False}], ["intoView", "embed-box"])
        self.fill_embed()
        self.copy_embed()

    def on_embed_change(self, event):
        """A view or a form chosen: the code follows; a new form (for another kind of page) is copied again."""
        self.embed_view = event.form
        self.fill_embed()
        if event.target_id == "embed-form":
            self.copy_embed()

    def copy_embed(self):
        self.copy("embed-code", "code", "Embed code copied: paste it into a wiki or blog page.",
                  "Paste it into a wiki or blog page.")

    def download(self, kind):
        """Download a board image: the SVG itself, or a PNG of it drawn at twice its size (by the page)."""
        from pyramids import embed
        s = self.app.session
        name, svg = embed.image_name(s.game.id, s.cursor, kind), embed.image(s.state, s.clicks.marks())
        do(["download", name, svg, "image/svg+xml"] if kind == "svg" else ["picture", name, svg, 2])

    def on_picture_failed(self, event):
        """The PNG could not be drawn: a failed picture must not kill the page."""
        self.app.session.note(f"The picture could not be made: {event.answer}", warn=True)
        self.app.render()

def close_box(opener):
    """Hide the box `opener`'s button opened (#opener-box); the focus, if in it, goes back to the button."""
    do(["hide", f"{opener}-box", opener])
