/** The event-stream parser, on text as a network delivers it: split anywhere, any line ending. */

import assert from "node:assert/strict";
import { test } from "node:test";

import { SseParser, entryOf } from "escopa-client";

const STREAM = ": game g1\r\nretry: 2000\r\n\r\nid: 1\nevent: created\ndata: {\"seq\":1}\n\n: heartbeat\n\nid: 2\revent: move\rdata: a\rdata: b\r\r\n";

test("a stream split at every character gives the same messages as the whole", () => {
  const whole = new SseParser();
  const expected = whole.feed(STREAM);
  const split = new SseParser();
  const messages = [...STREAM].flatMap((character) => split.feed(character));
  assert.deepEqual(messages, expected);
  assert.deepEqual(expected, [
    { id: "1", event: "created", data: '{"seq":1}' },
    { id: "2", event: "move", data: "a\nb" },
  ]);
  assert.equal(whole.retryMs, 2000);
});

test("comments, retry advice and a message with no data are no messages", () => {
  const parser = new SseParser();
  assert.deepEqual(parser.feed(": hello\nretry: 10\n\nevent: move\n\n"), []);
  assert.equal(parser.retryMs, 10);
});

test("an unfinished message waits for its blank line", () => {
  const parser = new SseParser();
  assert.deepEqual(parser.feed("id: 3\nevent: deal\ndata: {}\n"), []);
  assert.deepEqual(parser.feed("\n"), [{ id: "3", event: "deal", data: "{}" }]);
});

test("every entry type of the log reads as an event, a timeout's too", () => {
  for (const type of ["created", "move", "deal", "joined", "left", "resigned", "aborted", "rematch", "timeout"]) {
    assert.equal(entryOf(type, JSON.stringify({ seq: 3, type, events: [] })).type, type);
  }
  assert.throws(() => entryOf("move", JSON.stringify({ seq: 3, type: "deal", events: [] })));
});
