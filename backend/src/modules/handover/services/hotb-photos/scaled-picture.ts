import sharp from 'sharp'

/*
 * A photo scaled down (issue 31 §4, §7): phones take 12 MP pictures of 3–5 MB, while the record
 * page shows 56-pixel thumbnails and the PDFs print them a few centimetres wide. The photo's own
 * file, and the SHA-256 the record and certificate name, stay the original's; only what is shown
 * or printed is scaled.
 */

/** The types sharp's prebuilt library decodes (not HEIC's HEVC: such a photo is shown and kept as it is). */
export const scalablePictureTypes = new Set(['image/jpeg', 'image/png', 'image/webp'])

/**
 * A JPEG of the picture turned upright by its EXIF orientation, at most `side` pixels on its long
 * side (never enlarged), on white (a PNG's transparency flattened). The JPEG decoder shrinks a large
 * picture while reading it, so a small side is quick even from 12 MP.
 */
export function scaledJpeg(bytes: Buffer, side: number, quality: number): Promise<Buffer> {
  return sharp(bytes, { failOn: 'error' }).rotate().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer()
}

/**
 * The long side of a thumbnail, in pixels: the record page shows photos 56 pixels square, cropped
 * to fill, so a 4:3 picture's short side must reach 56 × 3 (a phone's pixel ratio): 240 × 180.
 */
export const thumbnailSide = 240
