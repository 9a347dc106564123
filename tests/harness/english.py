"""English left in a text of another language: the English messages' fixed words (what stays
between their arguments: `played` of `{who} played {card}`), each found as whole words in any
case, unless the other language's own messages say them too (`Escopa`, `Buchholz`, `escopa
audit`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

ENDS = " .,:;()\N{EN DASH}-·…?!'\N{RIGHT SINGLE QUOTATION MARK}\""


def fragments(message: str) -> list[str]:
    """A message's fixed words: what stays between its arguments (ICU's `{n, plural, …}` or
    Python's `{name!r}`) and tags, each with a word of three letters or more, without the
    punctuation at its ends."""
    text = re.sub(r"<[^>]+>", "|", message)
    while "{" in text:  # the innermost arguments first, until none is left
        text = re.sub(r"\{[^{}]*\}", "|", text)
    parts = (part.strip(ENDS) for part in text.split("|"))
    return [part for part in parts if re.search(r"[A-Za-z]{3}", part)]


def said_in(words: str, text: str) -> bool:
    """Whether `words` stand in `text` as words (not inside longer ones), in any case."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text, re.IGNORECASE) is not None


def english_left(text: str, english: Iterable[str], own: Iterable[str]) -> list[str]:
    """The fixed words of the `english` messages found in `text` that none of the `own`
    messages (the text's language's) says."""
    said = "\n".join(own)
    found = {part for message in english for part in fragments(message) if said_in(part, text)}
    return sorted(part for part in found if not said_in(part, said))
