"""Stella Digger's short rules reference (``/stella rules [topic]``); the full rulings R1-R21
are ``docs/rules/stella-digger.md``, whose sections are topics too."""

from __future__ import annotations

TOPICS: dict[str, str] = {
    "overview": (
        "**Stella Digger** — 2-4 players dig an asteroid for crystals. Each round the start player "
        "moves the marker to a target tile; then everyone in turn takes one action (Mine, Refill "
        "Hand, Buy Gadgets, Install Large Drill, Exchange Crystals or Pass). Accidents may take "
        "cards, then the best matching Mine play wins the tile and its crystals. Collect VP tiles, "
        "monsters, gadgets, crystals and drill points. Topics: round, target, actions, mine, "
        "refill, gadgets, drill, exchange, accidents, completion, monsters, red-tears, end, "
        "scoring, defaults, notation, commands, legend (what the map picture shows), "
        "how-to-play-on-discord (the buttons and commands in plain words)."),
    "round": (
        "A round: determine the target (R5) → each player's action in turn order (R7) → accident "
        "occurrence (R12) → mining completion and performance check (R13-R15) → visibility check "
        "and monster fights (R16-R17) → next round. Before round 1 the start player picks A2 or "
        "B1 and everyone draws up to 4 cards, one at a time (R4)."),
    "target": (
        "R5: the start player moves the marker to a mining tile reachable in at most 2 orthogonal "
        "steps through passages (START, tunnels, empty squares, squares with a Large Drill). A "
        "connected group is targeted whole (R6): every colour in it counts, gold matches all."),
    "actions": (
        "R7: one action each, in turn order: `mine`, `refill`, `buy`, `drill`, `exchange` or "
        "`pass`. See the topics mine, refill, gadgets, drill, exchange."),
    "mine": (
        "R8: play one card face up. A Super Drill of the card's colour may change its colour; an "
        "Enhanced Power whose colour matches a second card adds that card (its number adds, it "
        "takes the first card's colour). Notation: `mine blue-4`, `mine blue-4 super=pink`, "
        "`mine pink-3 boost=green-3`."),
    "refill": (
        "R9: discard any cards, then draw one at a time from any deck (seeing the new top colour) "
        "up to your hand limit. Emptying a deck moves a Danger Forecast card to the Alarm. "
        "Notation: `refill` or `refill discard=blue-1,pink-2`, then `draw N` for each card."),
    "gadgets": (
        "R10/C4: buy gadgets paying crystals of any colours: Super Drill 3, Enhanced Power 3, "
        "Refining Capsule 2 (one extra crystal when you mined), Support Drone 2 (+1 card and +1 "
        "crystal limit). Notation: `buy super-drill/blue pay=blue,blue,pink`."),
    "drill": (
        "R10: pay 3 crystals and place a Large Drill on an empty square, its tip aimed at an "
        "adjacent empty numbered square; score that number at once. Unplaced drills cost 1 VP "
        "each at the end. Notation: `drill C3 up pay=blue,green,pink`."),
    "exchange": "R10: once per round, two crystals of one colour for one of any colour: `exchange blue>pink`.",
    "accidents": (
        "R12: after the actions, Alarm cards are revealed; for each colour every player with a "
        "card of it discards one — from their play if it matches, else from hand. Decks running "
        "empty feed the Alarm (R9)."),
    "completion": (
        "R13: plays matching the target beat the others, then the highest total (a colour with "
        "both a 1 and a 4 swaps them), then seat order (R1). The winner takes the tile(s), their "
        "crystals and the Foreman marker; other plays gain one crystal of their colour. R15: two "
        "tiles in your performance area give a 3-VP tile, one a 1-VP tile. R14: nobody mined → "
        "blockade."),
    "monsters": (
        "R17: a revealed monster is fought at once: in turn order each player plays (as in Mine, "
        "any colour) or declines. Below its combat power you lose crystals; the highest total at "
        "or above it takes the monster (VP at the end). Notation: `fight pink-4`, `decline`, "
        "`lose-crystals blue,blue`."),
    "red-tears": (
        "R20 (option): a tear for each card lost to an accident and each monster defeat; with as "
        "many tears as there were players you are out. The last player left wins."),
    "end": (
        "R18: the game ends when the last 3-VP tile leaves the supply, when a performance check "
        "ends with neither yellow-framed square holding a tile, or when no target can be chosen."),
    "scoring": (
        "R19: VP tiles + monster VP + 2 per gadget (+1/+2/+3 for 2/3/4 gadgets of one colour) + 1 "
        "per two crystals of one colour + drill points − 1 per unplaced Large Drill. Ties: most VP "
        "tiles, then most gadgets, then most monsters, then shared."),
    "defaults": (
        "R21 defaults when a deadline passes: action → pass; target → the reachable tile nearest "
        "the yellow squares; deck → the first non-empty; crystals to pay/return → from the colours "
        "held most; gold → colours held least; accident card → the lowest; capsule → first in "
        "colour order; monster fight → decline. Three missed deadlines in a row mark the seat "
        "absent: defaults are then made at once until the player uses any /stella command."),
    "notation": (
        "One line per decision: `target B1`, `draw 2`, `mine blue-4 super=pink boost=green-3`, "
        "`refill discard=blue-1`, `buy super-drill/blue pay=blue,blue,pink`, "
        "`drill C3 up pay=blue,green,pink`, `exchange blue>pink`, `pass`, `return blue,pink`, "
        "`gold pink,pink`, `lose blue-2`, `capsule green`, `fight pink-4`, `decline`, "
        "`lose-crystals blue,blue`. Use it with `/stella do action:`."),
    "legend": (
        "**What the map shows** (the picture numbers each thing). Squares: START, dug-out squares "
        "(their number is what a Large Drill aimed at them scores), tunnels, and the rock squares "
        "that hold the three decks (top card's colour, cards left). Tiles: face down with their "
        "zone letter (a shallow, b middle, c deep, Y core), face up with their colour, shape and "
        "crystals, gold, monsters, connected tiles joined by a bridge. Large Drills: the owner's "
        "seat colour and number, the tip on the square they scored. This round's target has a "
        "bright blue frame and the marker is the pin; the core squares have a yellow frame. "
        "Under the map: accident cards, the supply with the gadgets for sale (a row per kind, a "
        "column per colour); on the right a panel per player and the discard pile."),
    "commands": (
        "`/stella new` opens a lobby thread; `join`, `leave`, `start`, `addbot`. On your turn use "
        "the prompt's buttons, the decision commands (`target`, `draw`, `mine`, `refill`, `buy`, "
        "`drill`, `exchange`, `pass`, `crystals`, `lose`, `capsule`, `fight`) or `/stella do`. "
        "Any time: `status`, `hand`, `log`, `rules`, `stats`. Moderators: `/game-admin`."),
}
