// Decodes one JPEG 2000 image (a JP2 file or a bare codestream) with OpenJPEG built to
// WebAssembly, in a worker thread of its own: the decoder is synchronous, so on the main thread a
// large image would stall every request, and a worker that is ended gives its memory back (a
// WebAssembly memory only grows). jpeg2000.ts starts it and checks what it answers.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const load = require('@cornerstonejs/codec-openjpeg/wasmjs');

// The codec prints its progress ("[INFO] Main header has been correctly decoded") to stdout.
const codec = await load({ print: () => {}, printErr: () => {} });
const decoder = new codec.J2KDecoder();
try {
  const input = workerData;
  decoder.getEncodedBuffer(input.length).set(input);
  decoder.decode();
  const info = decoder.getFrameInfo();
  // A view into the codec's memory: copied out before the decoder is deleted.
  const pixels = decoder.getDecodedBuffer().slice();
  parentPort.postMessage(
    {
      ok: true,
      width: info.width,
      height: info.height,
      bitsPerSample: info.bitsPerSample,
      componentCount: info.componentCount,
      isSigned: info.isSigned,
      pixels,
    },
    [pixels.buffer],
  );
} catch {
  // The codec throws numbers (pointers to C++ exceptions): no message worth passing on.
  parentPort.postMessage({ ok: false });
} finally {
  decoder.delete();
}
