"""`escopa audit FILE|FOLDER...` and `escopa replay FILE`: the checks of the API, offline.

Nothing here needs a server, Redis or the web framework: only the engine and the pure
`service.ledger.audit` and `service.ledger.replay`.
Exit status 0 when the game holds, 1 when it does not
(the reason is printed), 2 when the file cannot be read.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TextIO

import msgspec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from msgspec import UnsetType

from engine.scoring import Outcome
from service.errors import ServiceError
from service.ledger.audit import AuditReport, audit_export
from service.ledger.chain import LogEntry
from service.ledger.export import EXPORT_FORMATS, Export, read_document
from service.ledger.log import FORFEIT
from service.ledger.replay import ReplayMove, ReplayRequest, ReplayResult, replay, replay_request
from service.ledger.signatures import PublicKeys, public_keys
from service.ledger.tournament_audit import (
    TournamentAuditReport,
    audit_tournament,
    is_tournament,
)
from service.ledger.tournament_audit import audit_file as audit_tournament_file
from service.ledger.tournament_lines import is_lines

OK: Final = 0
FAILED: Final = 1
UNREADABLE: Final = 2
TOURNAMENT_ALONE: Final = "a tournament's export (escopa-tournament-v3): audit it alone"


def read(path: str) -> bytes:
    """The file's bytes (`-`: standard input)."""
    return sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()


def outcome_text(outcome: Outcome | None, totals: Sequence[int] | None) -> str:
    """`side 1 (seats 1, 3) won 22-14 after 3 rounds` (or `sides 0, 1 drew` / `shared the
    victory`), or the totals while the match runs."""
    scores = "-".join(str(t) for t in totals or ())
    if outcome is None:
        return f"no winner yet ({scores})"
    rounds = f"{outcome.rounds} round{'s' if outcome.rounds != 1 else ''}"
    if outcome.result != "won":
        sides = ", ".join(str(s) for s in outcome.tied)
        verb = "drew" if outcome.result == "draw" else "shared the victory"
        return f"sides {sides} {verb} {scores} after {rounds}"
    seats = ", ".join(str(s) for s in outcome.seats)
    plural = "s" if len(outcome.seats) > 1 else ""
    return f"side {outcome.winner} (seat{plural} {seats}) won {scores} after {rounds}"


UNANCHORED: Final = (
    "warning: {what}: this proves the export is consistent in itself, not that the service "
    "ran this game (anyone can build a consistent game from the revealed seed); give the "
    "service's keys (GET /v1/keys) with --key to check that"
)


def summary(report: AuditReport) -> str:
    """The verdict of an audit: one line, and a warning line when no signature was checked."""
    game = f"game {report.game_id}" if report.game_id else "export"
    if not report.ok:
        assert report.failure is not None
        return f"FAILED: {game}: {report.failure.reason}"
    checked = "hash chain, seed commitment and every move"
    if report.signature == "verified":
        checked = (
            f"hash chain, seed commitment, every move and the signature of key {report.key_id}"
        )
    verdict = (
        f"ok: {game}: {report.entries} entries, {checked} verified; "
        f"{outcome_text(report.outcome, report.totals)}; head {report.head_hash}; "
        f"final state {report.state_hash}"
    )
    if report.signature == "verified":
        return verdict
    what = "signature not checked" if report.signature == "unchecked" else "the export is unsigned"
    return verdict + "\n" + UNANCHORED.format(what=what)


def read_keys(given: Sequence[str]) -> PublicKeys:
    """The keys of `--key`: each a file (JSON as GET /v1/keys publishes it, or public keys one
    a line) or a public key itself; raises ValueError naming the one that is wrong."""
    found: dict[str, Ed25519PublicKey] = {}
    for text in given:
        path = Path(text)
        try:
            if not path.is_file():
                found |= public_keys(text)
                continue
            content = path.read_text(encoding="utf-8").strip()
            if content[:1] in ("{", "["):
                found |= public_keys(read_document(content.encode()))
                continue
            for line in content.split():
                found |= public_keys(line)
        except (ValueError, msgspec.DecodeError) as error:
            raise ValueError(f"--key {text}: {error}") from None
    return found


def audit_file(
    path: str, as_json: bool = False, out: TextIO | None = None, keys: Sequence[str] | None = None
) -> int:
    """`escopa audit FILE [--key K]`: verify an export (and its signature with a key); print the
    verdict (or the report as JSON)."""
    out = out or sys.stdout
    try:
        trusted = read_keys(keys) if keys else None
    except ValueError as error:
        print(f"escopa audit: {error}", file=sys.stderr)
        return UNREADABLE
    try:
        if lines_file(path):
            return _tournament_verdict(audit_tournament_file(path, trusted), as_json, out)
        data = read(path)
    except OSError as error:
        print(f"escopa audit: cannot read {path}: {error.strerror or error}", file=sys.stderr)
        return UNREADABLE
    if tournament_export(data):
        return _tournament_verdict(audit_tournament(data, trusted), as_json, out)
    report = audit_export(data, trusted)
    if as_json:
        out.write(msgspec.json.format(msgspec.json.encode(report)).decode() + "\n")
    else:
        print(summary(report), file=out)
    return OK if report.ok else FAILED


def lines_file(path: str) -> bool:
    """Whether the file is a tournament's v3 export (JSON Lines, audited line by line)."""
    try:
        with open(path, "rb") as file:
            return path != "-" and is_lines(file.read(64))
    except OSError:
        return False  # said when the file is read


def tournament_export(data: bytes) -> bool:
    """Whether the file is a tournament's export (else it is audited as a game's)."""
    try:
        return is_tournament(read_document(data))
    except ValueError:
        return False


def _tournament_verdict(report: TournamentAuditReport, as_json: bool, out: TextIO) -> int:
    """Print a tournament audit's verdict (or its report as JSON); its exit status."""
    if as_json:
        out.write(msgspec.json.format(msgspec.json.encode(report)).decode() + "\n")
    elif report.ok:
        print(
            f"OK: tournament {report.tournament_id}: seed, pairings, standings and "
            f"{report.games} games hold (signature {report.signature})",
            file=out,
        )
    else:
        failure = report.failure
        assert failure is not None
        named = (("round", failure.round), ("table", failure.table), ("game", failure.game_id))
        where = [f"{name} {value}" for name, value in named if value is not None]
        place = f" ({', '.join(where)})" if where else ""
        print(f"FAILED: {failure.kind}{place}: {failure.reason}", file=out)
    return OK if report.ok else FAILED


class Audited(msgspec.Struct, frozen=True, kw_only=True):
    """One file (or line of a JSON Lines file, `file:line`) of `escopa audit FOLDER --json`:
    its report, or why it could not be read."""

    file: str
    report: AuditReport | None = None
    unreadable: str | None = None


def exports_in(paths: Sequence[str]) -> list[Path]:
    """The files named, and every `*.json` and `*.jsonl` file under each folder named, in path
    order."""
    found: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.json*") if p.suffix in (".json", ".jsonl"))
        else:
            found.append(path)
    return found


def audited_lines(path: Path, trusted: PublicKeys | None) -> list[Audited]:
    """A JSON Lines file's exports, one a line, each audited and named `file:line`."""
    try:
        data = path.read_bytes()
    except OSError as error:
        return [Audited(file=str(path), unreadable=f"cannot read: {error.strerror or error}")]
    numbered = enumerate(data.splitlines(), start=1)
    return [
        Audited(file=f"{path}:{n}", report=audit_export(line, trusted))
        for n, line in numbered
        if line.strip()
    ]


def audit_paths(
    paths: Sequence[str],
    as_json: bool = False,
    out: TextIO | None = None,
    keys: Sequence[str] | None = None,
    show_progress: bool | None = None,
) -> int:
    """`escopa audit FILE|FOLDER...`: one file as `audit_file`; several (or a folder) one
    verdict line each, then a count. Exit status: the worst of the files' (2 > 1 > 0)."""
    from service.cli.progress import progress

    alone = len(paths) == 1 and (paths[0] == "-" or not Path(paths[0]).is_dir())
    if alone and (not paths[0].endswith(".jsonl") or lines_file(paths[0])):
        return audit_file(paths[0], as_json, out, keys)
    out = out or sys.stdout
    try:
        trusted = read_keys(keys) if keys else None
    except ValueError as error:
        print(f"escopa audit: {error}", file=sys.stderr)
        return UNREADABLE
    files = exports_in(paths)
    if not files:
        print(f"escopa audit: no export (*.json, *.jsonl) in {', '.join(paths)}", file=sys.stderr)
        return UNREADABLE
    done: list[Audited] = []
    with progress(len(files), "audit", "files", show_progress) as advance:
        for path in files:
            if lines_file(str(path)):
                done.append(Audited(file=str(path), unreadable=TOURNAMENT_ALONE))
            elif path.suffix == ".jsonl":
                done += audited_lines(path, trusted)
            else:
                done.append(_audited(path, trusted))
            advance(1)
    if as_json:
        out.write(msgspec.json.format(msgspec.json.encode(done)).decode() + "\n")
    else:
        _tell(done, out)
    return max(_status(one) for one in done)


def _audited(path: Path, trusted: PublicKeys | None) -> Audited:
    try:
        data = path.read_bytes()
    except OSError as error:
        return Audited(file=str(path), unreadable=f"cannot read: {error.strerror or error}")
    return Audited(file=str(path), report=audit_export(data, trusted))


def _status(one: Audited) -> int:
    if one.report is None:
        return UNREADABLE
    return OK if one.report.ok else FAILED


def _tell(done: Sequence[Audited], out: TextIO) -> None:
    """A line per file, the unanchored warning once, then the count of each verdict."""
    for one in done:
        verdict = summary(one.report).splitlines()[0] if one.report else one.unreadable
        print(f"{one.file}: {verdict}", file=out)
    unanchored = [
        one for one in done if one.report and one.report.ok and one.report.signature != "verified"
    ]
    if unanchored:
        what = f"{len(unanchored)} export(s) not checked against a key"
        print(UNANCHORED.format(what=what), file=out)
    counts = [sum(_status(one) == code for one in done) for code in (OK, FAILED, UNREADABLE)]
    print(
        f"{len(done)} exports: {counts[0]} ok, {counts[1]} failed, {counts[2]} unreadable",
        file=out,
    )


Logged = list[tuple[int, str | None]]
"""The seq and recorded state hash of the entry that dealt the game, then of each step's entry."""

STEP_ENTRIES: Final = {"move": None, "deal": None, "resigned": "resign", "aborted": "abort"}
"""The entries a replay steps through, and the step text of those that carry no move."""


def step_text(entry: LogEntry) -> str:
    """A replay step's text for a step entry; a timeout's is what followed (a forfeit is the
    step `timeout`)."""
    if entry.type == "timeout":
        return "timeout" if entry.move == FORFEIT else entry.move or ""
    return STEP_ENTRIES[entry.type] or entry.move or ""


def export_moves(export: Export) -> tuple[ReplayResult, Logged]:
    """Replay an export's moves (and an early ending) from its revealed seed; raises on a
    refused move. A game that waited for players starts at the join that dealt it."""
    created = export.entries[0] if export.entries else None
    info = created.game if created is not None else None
    if created is None or info is None or info.seed is None:
        raise ValueError("the export's first entry does not hold the revealed seed")
    start = created
    if not isinstance(info.open, UnsetType) and info.open:
        deals = [e for e in export.entries if e.type == "joined" and e.events]
        if not deals:
            raise ValueError("the game ended before every seat was taken: nothing was dealt")
        start = deals[0]
    played = [e for e in export.entries if e.type in STEP_ENTRIES or e.type == "timeout"]
    moves = [msgspec.convert({"seat": e.seat, "move": step_text(e)}, ReplayMove) for e in played]
    result = replay(info.rules, info.players, info.seed, info.client_seed, moves)
    logged = [(start.seq, start.state_hash)] + [(e.seq, e.state_hash) for e in played]
    return result, logged


def replay_file(path: str, as_json: bool = False, out: TextIO | None = None) -> int:
    """`escopa replay FILE`: replay an export's moves (or a `POST /v1/replays` body).

    For an export, the state hash after the start and after each move is compared with the one
    its log entry recorded; any difference, a refused move or a match left unfinished fails.
    """
    out = out or sys.stdout
    try:
        data = read(path)
    except OSError as error:
        print(f"escopa replay: cannot read {path}: {error.strerror or error}", file=sys.stderr)
        return UNREADABLE
    name = "replay"
    logged: Logged | None = None
    try:
        document = read_document(data)
        if isinstance(document, dict) and document.get("format") in EXPORT_FORMATS:
            export = msgspec.convert(document, Export)
            name = f"game {export.game_id}"
            result, logged = export_moves(export)
        else:
            result = replay_request(msgspec.convert(document, ReplayRequest))
    except (ValueError, ServiceError) as error:
        print(f"FAILED: {name}: {error}", file=out)
        return FAILED
    differing = _show(result, logged, out, as_json)
    if logged is None:
        return OK
    if differing:
        print(
            f"FAILED: {name}: {len(differing)} state hash(es) differ from the log, "
            f"the first at seq {differing[0]}",
            file=out,
        )
        return FAILED
    if result.status != "finished":
        print(f"FAILED: {name}: the moves end before the match is over", file=out)
        return FAILED
    if not as_json:
        print(
            f"ok: {name}: {len(result.steps)} moves replayed, every state hash matches the log; "
            f"replay hash {result.replay_hash}",
            file=out,
        )
    return OK


def _show(result: ReplayResult, logged: Logged | None, out: TextIO, as_json: bool) -> list[int]:
    """Print each step (checked against the log); return the seqs whose state hash differs."""
    hashes = [result.start_state_hash] + [step.state_hash for step in result.steps]
    labels = ["start"] + [f"{s.index:4} seat {s.seat} {s.move:<14}" for s in result.steps]
    differing: list[int] = []
    lines = []
    for at, (label, digest) in enumerate(zip(labels, hashes, strict=True)):
        mark = ""
        if logged is not None:
            seq, recorded = logged[at]
            mark = f"  seq {seq:4} ok" if recorded == digest else f"  seq {seq:4} DIFFERS"
            if recorded != digest:
                differing.append(seq)
        lines.append(f"{label:<27} {digest}{mark}")
    if as_json:
        out.write(msgspec.json.format(msgspec.json.encode(result)).decode() + "\n")
        return differing
    for line in lines:
        print(line, file=out)
    for score in result.score.rounds:
        sides = ", ".join(
            f"side {s.side} (seat{'s' * (len(s.seats) > 1)} {'+'.join(map(str, s.seats))}) "
            f"{s.total:+d}"
            for s in score.sides
        )
        print(f"round {score.round}: {sides}; totals {list(score.match_totals)}", file=out)
    print(f"final: {outcome_text(result.score.outcome, result.score.totals)}", file=out)
    return differing
