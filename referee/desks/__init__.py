"""The desks, one per kind of request beside a decision: lobbies, a running game's life, moderation,
imports, takebacks, turn timers, lobby expiry, the end of a game, answers that change nothing
and the rules reference. Each uses the rooms below it; desks may use one another one way."""
