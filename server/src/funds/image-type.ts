/** The image types SPEC §5 accepts for proofs, told apart by their first bytes, never by name. */
export type ProofMime = 'image/jpeg' | 'image/png' | 'image/jp2';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JP2_BOX = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
const J2K_CODESTREAM = [0xff, 0x4f, 0xff, 0x51];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((b, i) => bytes[at + i] === b);
}

/**
 * The type of `bytes`, or undefined when they are not a whole JPEG, PNG or JPEG 2000 image: the
 * signature must open the file and the format's end marker must close it (a PNG's IEND chunk,
 * a JPEG's EOI), so a renamed executable or a truncated upload is refused.
 */
export function sniffImage(bytes: Uint8Array): ProofMime | undefined {
  if (bytes.length < 16) return undefined;
  if (startsWith(bytes, PNG)) {
    // The first chunk is IHDR; the file ends with IEND and its CRC.
    const ihdr = startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12);
    const iend = startsWith(bytes, [0x49, 0x45, 0x4e, 0x44], bytes.length - 8);
    return ihdr && iend ? 'image/png' : undefined;
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    let end = bytes.length;
    while (end > 2 && bytes[end - 1] === 0x00) end--; // some encoders pad after EOI
    return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9 ? 'image/jpeg' : undefined;
  }
  if (startsWith(bytes, JP2_BOX) || startsWith(bytes, J2K_CODESTREAM)) return 'image/jp2';
  return undefined;
}
