import fs from 'node:fs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) that shows the QR code of `text`,
 * black on white in the middle of the picture, as a phone held up to a kiosk would. Y4M is raw frames after a
 * one-line header, so it is written here pixel by pixel: 4:2:0, a luma plane and two neutral chroma planes (a grey
 * picture). Chromium plays the file in a loop, so one frame is a still picture.
 */
export function writeQrVideo(text: string, file: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) * 0.75 / (modules.size + 8));
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = top + row * scale; y < top + (row + 1) * scale; y++) luma.fill(16, y * WIDTH + left + col * scale, y * WIDTH + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma, chroma]));
}
