"""The client's reading of Server-Sent Events: any sequence of messages, with comments and
multi-line data, reads back as it was sent."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from escopa_client.events import Message, messages

text = st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\r\n"))
sent = st.builds(
    Message,
    id=st.from_regex(r"[1-9][0-9]{0,6}", fullmatch=True),
    event=st.sampled_from(["created", "move", "deal", "joined"]),
    data=st.lists(text, min_size=1, max_size=3),
    retry=st.one_of(st.none(), st.integers(0, 10_000)),
)


def wire(message: Message, comment: str) -> list[str]:
    """A message as the server writes it, after a comment line (a heartbeat)."""
    lines = [f": {comment}", f"id: {message.id}", f"event: {message.event}"]
    lines += [f"data: {line}" for line in message.data]
    if message.retry is not None:
        lines.append(f"retry: {message.retry}")
    return [*lines, ""]


@given(st.lists(sent, max_size=5), text)
def test_every_message_reads_back_as_it_was_sent(sent: list[Message], comment: str) -> None:
    lines = [line for message in sent for line in wire(message, comment)]
    assert list(messages(lines)) == sent


def test_comment_lines_alone_make_no_message() -> None:
    assert list(messages([": game g1", "", ": heartbeat", ""])) == []


def test_a_message_cut_off_before_its_blank_line_is_dropped_to_come_again_whole() -> None:
    lines = ["id: 2", "event: move", "data: {}", "", "id: 3", "event: move", "data: {"]
    assert [message.id for message in messages(lines)] == ["2"]
