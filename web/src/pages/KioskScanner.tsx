import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Reads a QR code from the video's current frame: its text, or undefined when none is in view. */
type Decoder = (video: HTMLVideoElement) => Promise<string | undefined>;

/** The part of the Barcode Detection API used here; TypeScript's DOM library does not declare it yet. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

// Frames are read at most this wide: enough for a phone's code held up to the camera, and cheap on a tablet.
const MAX_WIDTH = 640;

/**
 * The browser's own BarcodeDetector where it reads QR codes (Android, ChromeOS, macOS); elsewhere jsQR (about 45 KB
 * gzipped), loaded only now, on the kiosk page in scan mode.
 */
async function newDecoder(): Promise<Decoder> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (video) => {
    if (video.videoWidth === 0) return undefined;
    const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data;
  };
}

type Problem = 'noCamera' | 'refused' | 'failed';

/** What went wrong in the camera's own terms, said in plain words on the page. */
function problemOf(error: unknown): Problem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
}

// A code still held up after it was read is not read again for this long: long enough that the person who just
// checked in is not told a moment later that they already are, short enough for a second try after a refusal.
const SAME_CODE_PAUSE_MS = 15_000;

/**
 * The kiosk's camera (issue 36 #2): the tablet's front camera, facing whoever stands at the door, shows what it sees
 * and reads a QR code about four times a second. Each code read is handed to `onCode` once (again only after a
 * pause); nothing is read while `busy`. The camera is released when the scanner goes.
 */
export function KioskScanner({ onCode, busy }: { onCode: (text: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem>();
  const [watching, setWatching] = useState(false);
  const handlers = useRef({ onCode, busy });
  handlers.current = { onCode, busy };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: '', at: 0 };
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setProblem('noCamera');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      } catch (error) {
        return setProblem(problemOf(error));
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      try {
        await video.current.play();
        const decode = await newDecoder();
        if (stopped) return;
        setWatching(true);
        const look = async () => {
          if (stopped) return;
          const text = handlers.current.busy || !video.current ? undefined : await decode(video.current).catch(() => undefined);
          const now = Date.now();
          if (text && !stopped && (text !== last.text || now - last.at > SAME_CODE_PAUSE_MS)) {
            last = { text, at: now };
            handlers.current.onCode(text);
          }
          timer = setTimeout(() => void look(), 250);
        };
        void look();
      } catch (error) {
        if (!stopped) setProblem(problemOf(error));
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (problem) return <p className="note note-warning kiosk-note" role="alert">{t(`kiosk.camera.${problem}`)}</p>;
  return (
    <>
      <div className="kiosk-camera">
        <video ref={video} muted playsInline aria-label={t('kiosk.camera.view')} />
      </div>
      <p className="kiosk-scan-hint" role="status">{t(watching ? 'kiosk.camera.hint' : 'kiosk.camera.starting')}</p>
    </>
  );
}
