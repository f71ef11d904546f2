/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of a built web app's folder, at the
 * highest levels: made once per build, they cost a phone a quarter of the bytes and the service no CPU per
 * request (`preCompressed` in src/http/web/web-app.ts picks one by Accept-Encoding).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Images and fonts the build emits are compressed formats already.
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map', '.webmanifest', '.xml']);

export async function compressAssets(dir) {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
  await Promise.all(files.map(async (file) => {
    const plain = fs.readFileSync(file);
    const variants = await Promise.all([
      brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } })
        .then((bytes) => ({ suffix: '.br', bytes })),
      gzip(plain, { level: zlib.constants.Z_BEST_COMPRESSION }).then((bytes) => ({ suffix: '.gz', bytes })),
    ]);
    // A copy no smaller than the file would only cost the reader a header; the plain file is sent instead.
    for (const { suffix, bytes } of variants.filter((variant) => variant.bytes.length < plain.length)) fs.writeFileSync(file + suffix, bytes);
  }));
}
