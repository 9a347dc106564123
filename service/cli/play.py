"""`escopa play`'s options. The game itself is the Python client's terminal program
(`escopa_client.programs.terminal`, and `programs.tournament` for `--tournament`), imported
when it runs: the service's `client` extra."""

from __future__ import annotations

import argparse
import os

from bots.levels import LEVELS

DECKS = ("french", "spanish")
"""The decks `--deck` draws (the client's `escopa_client.programs.decks.DECKS`)."""

DEFAULT_URL = "http://127.0.0.1:8000"

KEYS = """at your turn, type:
  a number          the legal move listed with it
  a move's code     7D+3S+5H (a card, then what it takes), or a card alone when it plays one way
  h                 the expert bot's hint: the move it would play, by its number
  s guindis         signal your partner the seven of diamonds (4 players in partnerships)
  s seven           signal your partner another seven
  q                 leave the table (it says how to take the seat again)"""
"""The keys of the game itself, for `escopa play --help` (the prompt names them too)."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `play` command's options."""
    play = commands.add_parser(
        "play",
        help="play a match in the terminal against bots (or join a game by its invite) on a "
        "running `escopa serve`",
        epilog=KEYS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument(
        "--url",
        default=os.environ.get("ESCOPA_URL", DEFAULT_URL),
        help=f"the service's address (default: ESCOPA_URL, else {DEFAULT_URL})",
    )
    play.add_argument(
        "--bots",
        default="expert",
        help=f"the bot seats' levels, comma-separated ({', '.join(LEVELS)}; default expert), "
        "repeated to fill --players",
    )
    play.add_argument(
        "--players", type=int, default=None, help="2, 3 or 4 seats (default: you and --bots)"
    )
    play.add_argument("--preset", default="escopa", help="the rules preset (default escopa)")
    play.add_argument("--target", type=int, default=None, help="the points that win the match")
    play.add_argument("--name", default="You", help="your name at the table (default You)")
    play.add_argument("--game", default=None, help="join this game (with --invite or --token)")
    play.add_argument("--invite", default=None, help="the open seat's invite, with --game")
    play.add_argument(
        "--token",
        default=None,
        help="your seat's token, to take it again (with --tournament: your entrant's token)",
    )
    play.add_argument(
        "--tournament",
        default=None,
        help="play each of your tables of this tournament in turn (with --token)",
    )
    play.add_argument("--api-key", default=None, help="the service's API key, when it asks for one")
    play.add_argument(
        "--lang",
        default=None,
        help="pt-BR, es, en or it (default: the environment's LANGUAGE, LC_ALL or LANG, else en)",
    )
    play.add_argument(
        "--deck",
        choices=DECKS,
        default=None,
        help="the cards drawn: french suits (♦ ♥ ♠ ♣) or spanish naipes (oros, copas, espadas, "
        "bastos, in your language) (default: the game's preset's, spanish for escoba)",
    )
    play.add_argument("--player-id", default=None, help="your player id across games")
    play.add_argument(
        "--player-secret",
        default=os.environ.get("ESCOPA_PLAYER_SECRET") or None,
        help="your player id's secret, on a server without API keys (POST /v1/players gives "
        "one; default: ESCOPA_PLAYER_SECRET)",
    )
    play.add_argument(
        "--rated", action="store_true", help="with --player-id: the game counts on its ladder"
    )
    play.set_defaults(handler=_play)


def _play(args: argparse.Namespace) -> int:
    """Play with the client's terminal game, or say how to install it."""
    from service.cli.client_programs import without_client

    try:
        from escopa_client.programs import tournament
        from escopa_client.programs.terminal import Options, run
    except ModuleNotFoundError as error:
        return without_client("escopa play", error)
    options = Options(
        url=args.url,
        name=args.name,
        bots=args.bots,
        players=args.players,
        preset=args.preset,
        target=args.target,
        game=args.game,
        invite=args.invite,
        token=args.token,
        api_key=args.api_key,
        lang=args.lang,
        player_id=args.player_id,
        player_secret=args.player_secret,
        rated=args.rated,
        deck=args.deck,
        tournament=args.tournament,
    )
    return tournament.run(options) if args.tournament else run(options)
