import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each text file under `dir`, for the server
 * to send as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
export function precompressDirectory(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
  }
}

/** The build's compressed copies: the app's JavaScript then travels at about a third of its size. */
export function precompress(): Plugin {
  let outDir: string | undefined;
  return {
    name: 'kestrel:precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      // A build that writes nothing (write: false) has nothing to compress.
      outDir = config.build.write ? resolve(config.root, config.build.outDir) : undefined;
    },
    closeBundle() {
      if (outDir !== undefined) precompressDirectory(outDir);
    },
  };
}
