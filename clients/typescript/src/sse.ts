/** A Server-Sent Events parser (the WHATWG event-stream format), fed text as it arrives. */

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/** Splits a stream's text into messages; comment lines (`:`) and `retry:` are not messages. */
export class SseParser {
  private buffer = "";
  private data: string[] = [];
  private event = "";
  private id: string | undefined = undefined;
  /** The server's reconnection advice (`retry:`), in milliseconds, once it sent one. */
  retryMs: number | undefined = undefined;

  /** The messages completed by this chunk of text. */
  feed(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const messages: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone "\r" at the end may be the first half of "\r\n": wait for more text.
      if (match === null || (match[0] === "\r" && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const message = this.line(line);
      if (message !== undefined) messages.push(message);
    }
    return messages;
  }

  private line(line: string): SseMessage | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\0")) this.id = value;
    else if (field === "retry" && /^[0-9]+$/.test(value)) this.retryMs = Number(value);
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.event = "";
    if (data.length === 0) return undefined;
    return { id: this.id, event: event === "" ? "message" : event, data: data.join("\n") };
  }
}
