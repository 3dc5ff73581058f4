"""Discord glue: slash commands and component clicks. Each handler defers (Discord wants an
answer within 3 seconds), calls one coroutine of the referee (``referee/``) and replies.
Errors go to one handler (``common.report_error``): engine errors and refusals become
ephemeral explanations; anything else is logged and answered with a short apology."""
