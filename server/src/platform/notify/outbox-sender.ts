import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CodeSender, OutgoingMessage } from './code-sender.ts';

export interface OutboxEntry extends OutgoingMessage {
  at: string;
}

/** Writes messages to DATA_DIR/outbox/outbox.jsonl instead of delivering them (development). */
export class OutboxSender implements CodeSender {
  readonly file: string;
  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'outbox', 'outbox.jsonl');
  }

  async send(message: OutgoingMessage): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const entry: OutboxEntry = { at: new Date().toISOString(), ...message };
    await appendFile(this.file, `${JSON.stringify(entry)}\n`, 'utf8');
  }

  /** The newest messages first, optionally only those to one address. */
  async read(limit: number, to?: string): Promise<OutboxEntry[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as OutboxEntry)
      .filter((e) => to === undefined || e.to === to)
      .reverse()
      .slice(0, limit);
  }
}
