"""A phone at the table, shared by the browser tests and benchmarks/table.py.

:class:`Phone` taps as a thumb does: the target must be on screen before the tap (its box
inside the 360 x 740 viewport) and uncovered (the element under its centre and under each of its
four corners is the target, not the action bar or an answer over it), and the page must not
scroll during a turn. An answer that names a problem must be gone once the problem is fixed
(:meth:`Phone.fixed`). The tests run it ``strict`` (any of these fails the test); the benchmark
runs it measuring (it scrolls the target into view as a player would, and counts the pixels, the
taps, the covered targets and the answers left standing).

Other phones follow the table: :func:`watch` notes, in each page, when it first showed each
entry number (``document.body.dataset.entries``, kept by companion_table.js), and :func:`delays` gives
how long after the first phone each other phone showed it.
"""
from __future__ import annotations

import random
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache

MIN_TARGET = 44  # CSS px, the (and Apple's) smallest tap target
MIN_FIELD_TEXT = 16  # CSS px: iOS Safari zooms into a field with smaller text when it is tapped
PHONE = {"width": 360, "height": 740}  # the phone every page is judged on (CSS px)
# Is the element's box inside the viewport, and would a finger land on it (the element at its
# centre and at each corner, 1 px inside, is the element, its label or inside it)? A function
# of the element, run in the page (tests/test_webkit.py runs it through WebDriver).
ON_SCREEN = """(el) => {
  const r = el.getBoundingClientRect();
  const vw = window.innerWidth, vh = window.innerHeight;
  if (r.width === 0 || r.height === 0) return false;
  if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) return false;
  const label = el.labels && el.labels[0];
  const mine = (hit) => Boolean(hit)
    && (el.contains(hit) || hit.contains(el) || (label && label.contains(hit)));
  const inset = Math.min(1, r.width / 2, r.height / 2);
  const points = [[r.left + r.width / 2, r.top + r.height / 2],
    [r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
    [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset]];
  return points.every(([x, y]) => mine(document.elementFromPoint(x, y)));
}"""


@dataclass
class Turn:
    game: str
    label: str
    taps: int = 0
    scrolled: int = 0  # CSS px the page moved during the turn
    covered: int = 0  # taps whose target was off screen or under something else at the time
    standing: int = 0  # answers still shown after the problem they named was fixed
    english: list[str] = field(default_factory=list)  # texts left in English on a page in French or German


MISHAPS = ("reload", "rules and back")
# The page's draft as the tab keeps it (companion_table.js): how the body says it is kept, the
# entry number shown, the draft kept (its snapshot and view), whether this is still the window
# the mishap began in (a page Back brings from the browser's cache keeps it), the answer shown.
_KEPT = """() => {
  let kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(`draft-${Companion.game.id}`)); } catch { kept = null; }
  const box = document.getElementById("message");
  return { how: document.body.dataset.draft, seq: Companion.game.seq,
    kept: kept && JSON.stringify([kept.snapshot, kept.view]), keptAt: kept && kept.seq,
    same: Boolean(window.mishapBegun),
    answer: box && !box.hidden ? (box.querySelector(".message-text") || box).innerText.trim() : "" };
}"""


@dataclass
class Mishaps:
    """A phone's mishaps mid-draft (issue 31), for the whole-game drivers: at the points a driver
    offers (:meth:`Phone.mishap`, each with the chance ``rate``, seeded), the page is reloaded (a
    pull-down, a tab the phone discarded) or left by Rule -> All the rules and come back to with
    Back. Each time the draft must come back as it was, the page saying so (or be dropped with a
    sentence), and the entry number must be the one it was: no entry lost or stored twice (the
    drivers then check each entry as stored, the record exactly the game's entries). ``done``
    holds (kind, outcome): "back", "dropped", or "lost: ..." (a measuring phone's failure; a
    strict phone fails at once)."""
    seed: int = 0
    rate: float = 0.2
    done: list = field(default_factory=list)

    def __post_init__(self):
        self.rng = random.Random(self.seed)

    def summary(self) -> str:
        kinds = {kind: sum(1 for k, _ in self.done if k == kind) for kind in MISHAPS}
        ends = {what: sum(1 for _, o in self.done if o.startswith(what)) for what in ("back", "dropped", "lost")}
        return (f"{len(self.done)} mishaps ({kinds['reload']} reloads, {kinds['rules and back']} rules "
                f"and back): {ends['back']} drafts back, {ends['dropped']} dropped with a sentence, "
                f"{ends['lost']} lost")


@dataclass
class Phone:
    page: object
    strict: bool = True
    game: str = ""
    turns: list[Turn] = field(default_factory=list)
    current: Turn | None = None
    offline: object = None  # tests/offline_spells.py's OfflineSpells, when the run has them
    mishaps: Mishaps | None = None

    def _locator(self, target):
        return self.page.locator(target).first if isinstance(target, str) else target

    def _scroll_y(self) -> int:
        return self.page.evaluate("Math.round(window.scrollY)")

    def on_screen(self, locator) -> bool:
        """The target's box lies inside the viewport and the finger would land on it (ON_SCREEN)."""
        locator.wait_for(state="visible")
        return locator.evaluate(ON_SCREEN)

    def _before(self, target):
        locator = self._locator(target)
        if not self.on_screen(locator):
            if self.strict:
                box = locator.bounding_box()
                raise AssertionError(f"{target!r} is off screen or covered before the tap (box "
                                     f"{box}, scrollY {self._scroll_y()}, answer {self.answer()!r})")
            if self.current:
                self.current.covered += 1
            before = self._scroll_y()
            locator.scroll_into_view_if_needed()
            if self.current:
                self.current.scrolled += abs(self._scroll_y() - before)
        return locator

    def _after(self, start: int, target):
        if self.current:
            self.current.taps += 1
        if self.strict:
            now = self._scroll_y()
            assert now == start, f"the page scrolled from {start} to {now} px at the tap on {target!r}"

    def tap(self, target):
        """Tap what a thumb would tap: counted as one tap of the turn."""
        locator = self._before(target)
        start = self._scroll_y()
        locator.tap()
        self._after(start, target)

    def type(self, target, text: str):
        """Tap a field and type into it: one tap, plus the typing. Strict, its text must be at
        least 16 px: iOS Safari zooms the page into a smaller field as it takes the focus."""
        locator = self._before(target)
        if self.strict:
            size = locator.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
            assert size >= MIN_FIELD_TEXT, f"{target!r}'s text is {size} px: iOS zooms into it"
        start = self._scroll_y()
        locator.tap()
        locator.fill(text)
        self._after(start, target)

    def mishap(self) -> None:
        """A point mid-draft where the phone may have a mishap (see :class:`Mishaps`): none
        without ``mishaps``, at the roll of its dice, or while the page keeps no draft (nothing
        entered, or a choice open on it). The mishap is no tap of the turn."""
        mishaps = self.mishaps
        if mishaps is None or mishaps.rng.random() >= mishaps.rate:
            return
        page = self.page
        page.evaluate("() => new Promise((done) => setTimeout(done))")  # the tap's redraw of Undo first
        before = page.evaluate(_KEPT)
        if before["how"] != "kept":
            return
        kind = mishaps.rng.choice(MISHAPS)
        url = page.url
        page.evaluate("window.mishapBegun = true")
        if kind == "reload":
            page.reload()
        else:
            page.evaluate("document.getElementById('rule-sheet').showModal()")
            page.locator("#rule-sheet-all").click()
            page.wait_for_url(lambda now: now != url)
            page.go_back()
            page.wait_for_url(url)
        page.wait_for_function("() => typeof Companion !== 'undefined' && Companion.game"
                               " && document.body.dataset.draft !== undefined")
        after = page.evaluate(_KEPT)
        back = said(page, "What you were entering is back.")
        if after["seq"] != before["seq"]:
            outcome = f"lost: the page shows entry {after['seq']}, not {before['seq']}"
        elif after["kept"] == before["kept"] and (after["same"] or after["answer"] == back):
            outcome = "back"
        elif after["kept"] is None and after["answer"] and after["answer"] != back:
            outcome = "dropped"
        else:
            a, b = before["kept"] or "", after["kept"] or ""
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            change = "kept" if a == b else f"changed: {a[max(0, at - 80):at + 80]!r} -> {b[max(0, at - 80):at + 80]!r}"
            outcome = (f"lost: the draft {change}, the answer {after['answer']!r} (kept at entry "
                       f"{before['keptAt']}, the page at {before['seq']})")
        mishaps.done.append((kind, outcome))
        if self.strict:
            assert not outcome.startswith("lost"), f"{kind}: {outcome}"

    def answer(self) -> str:
        """The answer the action bar shows now (a refusal, a notice), or "" when none is shown."""
        box = self.page.locator("#message")
        return box.inner_text().strip() if box.count() and box.is_visible() else ""

    def fixed(self, what: str) -> None:
        """The tap just made fixed the problem an answer named: no answer may still stand."""
        standing = self.answer()
        if not standing:
            return
        if self.strict:
            raise AssertionError(f"after {what}, the answer still shows: {standing!r}")
        if self.current:
            self.current.standing += 1

    @contextmanager
    def _offline_spell(self):
        """The run's offline spells around this turn (tests/offline_spells.py), if it has them."""
        if self.offline is None:
            yield
        else:
            with self.offline.turn(self):
                yield

    @contextmanager
    def turn(self, label: str):
        """A typical turn: its taps and scrolling are counted (and, strict, no scrolling)."""
        with self._offline_spell():
            self.current = Turn(self.game, label)
            start = self._scroll_y()
            try:
                yield self.current
            finally:
                turn, self.current = self.current, None
            turn.english = english_left(self.page)
        if self.strict:
            assert self._scroll_y() == start, f"{label}: the page scrolled during the turn"
            assert turn.english == [], f"{label}: English left on the page: {turn.english[:10]}"
        self.turns.append(turn)


# Run in every page of a watched context: the time each entry number of each game was first
# shown ("<game page's path> <entry number>"), kept in the tab across page loads.
_WATCH = """(() => {
  const key = "entriesShown";
  const note = () => {
    const n = document.body && document.body.dataset.entries;
    if (n === undefined) return;
    const shown = JSON.parse(sessionStorage.getItem(key) || "{}");
    const game = `${location.pathname} ${n}`;
    if (!(game in shown)) {
      shown[game] = { at: Date.now(), opened: !Object.keys(shown).some((k) => k.startsWith(`${location.pathname} `)) };
      sessionStorage.setItem(key, JSON.stringify(shown));
    }
  };
  new MutationObserver(note).observe(document, { subtree: true, attributes: true,
                                                 attributeFilter: ["data-entries"] });
  document.addEventListener("DOMContentLoaded", note);
})();"""


def watch(context) -> None:
    """Note, in every page this browser context opens, when each entry of each game is first
    shown."""
    context.add_init_script(_WATCH)


def delays(phones: list[Phone]) -> list[float]:
    """For each entry of each game shown on two or more of the (watched) phones: how many ms
    after the first phone each other phone showed it. The entry a phone shows when it first opens
    a game is not a delay (the page was opened then), so only entries reached while open count."""
    shown = [{game: seen["at"] for game, seen in
              phone.page.evaluate("JSON.parse(sessionStorage.getItem('entriesShown') || '{}')").items()
              if not seen["opened"]} for phone in phones]
    out = []
    for game in set().union(*shown):
        times = sorted(seen[game] for seen in shown if game in seen)
        out.extend(t - times[0] for t in times[1:])
    return out


def small_targets(page) -> list[str]:
    """Every visible button, link, input and select smaller than 44 x 44 CSS px (a label that
    wraps a control counts as the control's target; with a sheet open, only what is on it)."""
    return page.evaluate("""(min) => {
      const out = [];
      const modal = document.querySelector('dialog[open]:modal');  // the rest of the page is inert
      const targets = 'button, a[href], input, select, summary, [role=button], label.button';
      for (const el of (modal || document).querySelectorAll(targets)) {
        if (el.closest('[hidden], .sr') || el.type === 'hidden') continue;
        const target = (el.tagName === 'INPUT' && el.closest('label')) || el;
        const r = target.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        if (r.width < min - 0.5 || r.height < min - 0.5) {
          const name = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}`;
          const text = (el.textContent || el.value || '').trim().slice(0, 30);
          out.push(`${name} "${text}" ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
      }
      return out;
    }""", MIN_TARGET)


def serious(page) -> list[str]:
    """axe-core's violations of serious or critical impact, target size included."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options={"rules": {"target-size": {"enabled": True}}}).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in ("serious", "critical")]


def zooming_fields(page) -> list[str]:
    """Every visible field a player types or picks in whose text is under 16 CSS px: iOS Safari
    zooms the page into it when it is tapped, and the turn no longer fits the screen."""
    return page.evaluate("""(min) => {
      const out = [];
      const fields = 'input:not([type=radio]):not([type=checkbox]):not([type=hidden]):not([type=file]), '
        + 'select, textarea';
      for (const el of document.querySelectorAll(fields)) {
        if (el.closest('[hidden]') || el.getClientRects().length === 0) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < min) out.push(`${el.tagName.toLowerCase()}#${el.id || el.name} ${size}px`);
      }
      return out;
    }""", MIN_FIELD_TEXT)


# Every text a phone shows or reads out: the visible text nodes (and those only a screen reader
# reads) and the labels, placeholders and alternative texts, outside what is marked
# translate="no" (a player's name, a join code).
_TEXTS = """() => {
  const out = [];
  const shown = (el) => el && el.getClientRects().length > 0
    && !el.closest('[hidden], [translate="no"], script, style, code');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (text && shown(node.parentElement)) out.push(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
    if (!shown(el)) continue;
    for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
      const text = (el.getAttribute(name) || '').trim();
      if (text) out.push(text);
    }
  }
  if (document.title) out.push(document.title);
  return out;
}"""
# A word stands alone: the letters of a join code or a deck mark ("ZE4BUY", "T4E") are not words.
_WORD = re.compile(r"(?<![\w])[A-Za-zÀ-ÿ]+(?:'[a-z]+)?(?![\w])")


@cache
def english_only(lang: str) -> frozenset[str]:
    """The words of the English messages that no translation into ``lang`` uses: one of them on a
    page in ``lang`` is English left untranslated. Names printed on the cards in English (a
    term the catalog keeps as it is) are in the translations too, so they may stay."""
    from companion import language

    def words(text: str) -> set[str]:
        return {word.lower() for word in _WORD.findall(re.sub(r"%\(\w+\)[sd]|\{\w*\}", " ", text))
                if len(word) >= 3}

    english, translated = set(), set()
    for message in language.read_catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            translated |= words(text or "")
        if tuple(strings[:1]) != ids[:1]:
            for text in ids:
                english |= words(text)
    return frozenset((english | _ENGLISH) - translated)


# Words of English any sentence is likely to hold, whether or not a message of the catalog has
# them: a sentence that was never marked for translation is found by them.
_ENGLISH = frozenset(re.findall(r"\w+", """
the and with your this that from for not are has have was will can each every who what which
when there their they them its his her our you one two three than then into out turn turns card
cards player players move moves round score points undo redo take takes taken none only more
less first last next back here phone game games rule rules other new show shows"""))


def said(page, text: str, **args) -> str:
    """The English message ``text`` (filled in with ``args``) as the page's language words it:
    what a driver looks for on a page in French or German where it would look for English."""
    from companion import language
    from companion.words import msg

    return language.word(msg(text, **args), page.evaluate("document.documentElement.lang") or "en")


def english_left(page) -> list[str]:
    """Every text the page shows (or reads out) that holds a word of English no translation
    into the page's language uses (nothing on an English page)."""
    lang = page.evaluate("document.documentElement.lang")
    if lang in ("", "en"):
        return []
    only = english_only(lang)
    return sorted({text for text in page.evaluate(_TEXTS)
                   if any(word.lower() in only for word in _WORD.findall(text)
                          if not word.isupper())})


def accessible(page, where: str = "") -> None:
    """No serious axe-core finding, no tap target under 44 px, no field iOS would zoom into,
    nothing wider than the phone; on a page in another language, no English left."""
    assert serious(page) == [], where
    left = english_left(page)
    assert left == [], f"{where}: English left on a page not in English: {left[:10]}"
    small = small_targets(page)
    assert small == [], f"{where}: {small}"
    zooming = zooming_fields(page)
    assert zooming == [], f"{where}: {zooming}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], where


def in_view(page, selector: str) -> bool:
    """The element is shown and lies wholly inside the viewport (an answer where the finger is)."""
    return page.locator(selector).evaluate("""(el) => { const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight
        && r.left >= 0 && r.right <= window.innerWidth; }""")


def entries_stored(page) -> int:
    """The entries the companion stores for the game on ``page`` (asked of the server, its whole
    history), each line checked as there once: the count of those not undone."""
    record = page.evaluate("""async () => {
      const id = Companion.game.id;
      const get = async (path) => (await fetch(path, { headers: { Accept: "application/json" } })).json();
      const now = (await get(`/api/games/${id}`)).game;
      let lines = now.history;
      let from = now.history_from;
      while (from > 0) {
        const earlier = await get(`/api/games/${id}/history?before=${from}`);
        lines = earlier.history.concat(lines);
        from = earlier.history_from;
      }
      return { seq: now.seq, lines: lines.map((line) => [line.seq, Boolean(line.undone)]) };
    }""")
    numbers = [seq for seq, _ in record["lines"]]
    assert numbers == list(range(len(numbers))), f"the history's lines are not each there once: {numbers}"
    return sum(1 for _, undone in record["lines"] if not undone)
