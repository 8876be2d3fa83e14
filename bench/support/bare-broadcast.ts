/**
 * The baseline for the fan-out benchmark: a plain `ws` server that makes ticks for the same
 * number of codes at the same rate, merges them per code and broadcasts a frame every 250 ms,
 * with no Fastify, market state or recording. Prints { port }.
 */
import { WebSocketServer } from 'ws';

const codes = Number(process.argv[2] ?? 94);
const tickMs = Number(process.argv[3] ?? 100);
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
let pending = new Map<number, { code: string; price: string; zdf: string; ts: number }>();
let price = 100;

setInterval(() => {
  const now = Date.now();
  for (let i = 0; i < codes; i++) {
    if (Math.random() > 0.75) continue;
    price += Math.random() - 0.5;
    pending.set(i, { code: `CODE${i}`, price: price.toFixed(2), zdf: '1.23', ts: now });
  }
}, tickMs);

setInterval(() => {
  if (pending.size === 0) return;
  const frame = JSON.stringify([...pending.values()]);
  pending = new Map();
  for (const client of wss.clients) client.send(frame);
}, 250);

wss.on('listening', () => {
  const address = wss.address();
  console.info(
    JSON.stringify({ port: typeof address === 'object' && address !== null ? address.port : 0 }),
  );
});
