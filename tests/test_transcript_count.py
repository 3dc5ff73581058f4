"""The transcript tool's counting (``benchmarks/transcript_count.py``): what pings, turns passed,
the opening's length."""

from __future__ import annotations

from types import SimpleNamespace

from benchmarks.transcript_count import opening_length, pinged, runs


def test_a_mention_pings_only_when_allowed_mentions_lets_it_through() -> None:
    body = {"content": "➡️ <@11>: your turn; <@12> waits", "allowed_mentions": {"users": ["11"]}}
    assert pinged(body) == {11}
    assert pinged({"content": "<@11> and <@!12>"}) == {11, 12}  # no allowed_mentions: all
    assert pinged({"content": "<@11>", "allowed_mentions": {"parse": []}}) == set()
    assert pinged({"content": "<@11>", "allowed_mentions": {"parse": ["users"]}}) == {11}
    assert pinged(None) == set()


def _log(*pairs: tuple[str, str]) -> list[SimpleNamespace]:
    return [SimpleNamespace(player_id=p, text=t) for p, t in pairs]


def test_runs_and_the_opening() -> None:
    log = _log(("b", "target A2"), ("b", "draw 1"), ("a", "draw 2"), ("b", "draw 1"),
               ("a", "mine blue-4"), ("a", "draw 1"), ("b", "pass"))
    assert runs(log) == ["b", "a", "b", "a", "b"]
    assert opening_length(log) == 4  # target and the draws before the first other verb
    assert opening_length([]) == 0


def test_the_routes_a_message_is_created_by_are_the_fakes() -> None:
    """A thread post that is an interaction's follow-up pings as a channel post does: its route
    is counted under the name the fake gives it (it was not: 27 pings read as 1)."""
    from aiohttp import web

    from benchmarks.transcript_count import CREATE_ROUTES
    from tests.fakediscord import rest, rest_interactions

    app = web.Application()
    rest.add_routes(app, "")
    rest_interactions.add_routes(app, "")
    posts = {r.resource.canonical for r in app.router.routes()
             if r.method == "POST" and r.resource is not None}
    assert set(CREATE_ROUTES) <= posts
