/** The first bytes of each image format the marketplace takes (the server also re-encodes it with sharp). */
const SIGNATURES = {
  jpeg: [[0, [0xff, 0xd8, 0xff]]],
  png: [[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]],
  // RIFF....WEBP
  webp: [
    [0, [0x52, 0x49, 0x46, 0x46]],
    [8, [0x57, 0x45, 0x42, 0x50]],
  ],
} as const satisfies Record<string, readonly (readonly [number, readonly number[]])[]>;

export type SniffedImageType = keyof typeof SIGNATURES;

/**
 * The kind of image by its first bytes (12 are enough), whatever its name or declared type says: the server
 * refuses an upload without one, and the web app's pickers refuse such a file before sending it.
 */
export function sniffImageType(data: Uint8Array): SniffedImageType | null {
  for (const [type, parts] of Object.entries(SIGNATURES) as [
    SniffedImageType,
    (typeof SIGNATURES)[SniffedImageType],
  ][]) {
    if (parts.every(([at, bytes]) => bytes.every((byte, index) => data[at + index] === byte))) return type;
  }
  return null;
}
