import { Worker } from 'node:worker_threads';
import { Code } from '../../../../contract/errors.ts';
import { AppError } from '../../errors.ts';

/** Raw 8-bit pixels, interleaved, as sharp takes them (`{ raw: { width, height, channels } }`). */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

interface Decoded {
  ok: boolean;
  width?: number;
  height?: number;
  bitsPerSample?: number;
  componentCount?: number;
  isSigned?: boolean;
  pixels?: Uint8Array;
}

/** A decode that takes longer than this is given up (the image is refused as malformed). */
const DECODE_TIMEOUT_MS = 30_000;
/** The worker's JavaScript heap; the codec's own memory is WebAssembly's, freed with the worker. */
const WORKER_HEAP_MB = 64;
const WORKER = new URL('./jpeg2000-worker.mjs', import.meta.url);
/**
 * Decodes running at once, and waiting for a turn: a decode of a large image holds hundreds of
 * MB in its worker, so a burst of JPEG 2000 uploads queues instead of taking the machine's
 * memory; past the waiting bound an upload is refused (10102) and counted.
 */
const DECODES_MAX = 2;
const WAITING_MAX = 32;

/** How the decoder's queue has fared since start (tests, diagnostics). */
export const jpeg2000Stats = { decoded: 0, failed: 0, refused: 0 };

let running = 0;
const waiting: (() => void)[] = [];

/** Waits for a decode's turn; the function it gives back hands the turn to the next waiting. */
async function turn(): Promise<() => void> {
  if (running < DECODES_MAX) {
    running += 1;
  } else {
    if (waiting.length >= WAITING_MAX) {
      jpeg2000Stats.refused += 1;
      throw new AppError(Code.tooManyRequests);
    }
    await new Promise<void>((resolve) => waiting.push(resolve)); // the turn is handed over
  }
  return () => {
    const next = waiting.shift();
    if (next === undefined) running -= 1;
    else next();
  };
}

function malformed(): AppError {
  return new AppError(Code.imageFormatWrong);
}

/** Runs the OpenJPEG worker on `bytes` and waits for its one answer. */
function runWorker(bytes: Uint8Array): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(malformed());
    }, DECODE_TIMEOUT_MS);
    worker.once('message', (message: Decoded) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(malformed()); // ended without an answer (after one, this rejection is ignored)
    });
  });
}

/**
 * Samples of more than 8 bits come as 16-bit little-endian words: kept to their top 8 bits.
 * Fewer than 8 bits are stretched to the full range (a 1-bit scan would otherwise be black).
 */
function toEightBits(pixels: Uint8Array, bitsPerSample: number, samples: number): Buffer {
  const bytes = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.length);
  if (bitsPerSample === 8) return bytes;
  const out = Buffer.alloc(samples);
  if (bitsPerSample < 8) {
    const top = (1 << bitsPerSample) - 1;
    for (let i = 0; i < samples; i++) out[i] = Math.round(((bytes[i] ?? 0) * 255) / top);
    return out;
  }
  const shift = bitsPerSample - 8;
  for (let i = 0; i < samples; i++) {
    const word = bytes.readUInt16LE(2 * i);
    out[i] = word >> shift;
  }
  return out;
}

/**
 * Decodes a JPEG 2000 image (JP2 file or bare codestream) to raw pixels. sharp's prebuilt
 * libvips has no JPEG 2000 reader, so OpenJPEG's WebAssembly build decodes it, in a worker
 * (jpeg2000-worker.mjs). The decoder's own idea of the size is checked against `pixelsMax`
 * again (the header was checked before); signed samples, more than 16 bits or more than four
 * components are refused as malformed: no camera or scanner writes those for a document.
 */
export async function decodeJpeg2000(bytes: Uint8Array, pixelsMax: number): Promise<RawImage> {
  const done = await turn();
  let d: Decoded;
  try {
    d = await runWorker(bytes);
  } finally {
    done();
  }
  if (!d.ok) jpeg2000Stats.failed += 1;
  else jpeg2000Stats.decoded += 1;
  const { width = 0, height = 0, bitsPerSample = 0, componentCount = 0 } = d;
  if (!d.ok || d.pixels === undefined || d.isSigned === true) throw malformed();
  if (width <= 0 || height <= 0) throw malformed();
  if (width * height > pixelsMax) throw new AppError(Code.imagePixelsTooMany);
  if (bitsPerSample < 1 || bitsPerSample > 16) throw malformed();
  if (componentCount < 1 || componentCount > 4) throw malformed();
  const samples = width * height * componentCount;
  if (d.pixels.length !== samples * (bitsPerSample > 8 ? 2 : 1)) throw malformed();
  return {
    data: toEightBits(d.pixels, bitsPerSample, samples),
    width,
    height,
    channels: componentCount as RawImage['channels'],
  };
}
