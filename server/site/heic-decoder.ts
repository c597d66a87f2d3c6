/**
 * Reads a HEIC photo (what an iPhone takes) into pixels, in a worker thread of its own. The image
 * library's ready-made build cannot read HEIC's HEVC pictures, so libheif's WebAssembly build reads
 * it here; it runs for a second or more on a large photo, and off the main thread the server keeps
 * answering visitors meanwhile.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, four bytes a pixel. */
  data: Uint8Array;
}

type Decode = (input: { buffer: Uint8Array }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;

/** How long a decode may run before the photo is refused: far past any real photo's time. */
const DECODE_MS = 60_000;

if (!isMainThread && workerData?.heic) {
  // libheif prints why it cannot read a file; the refusal tells the person sending it instead.
  console.log = console.error = console.warn = () => undefined;
  const decode = createRequire(import.meta.url)('heic-decode') as Decode;
  decode({ buffer: workerData.heic as Uint8Array }).then(
    ({ width, height, data }) => parentPort!.postMessage({ width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }),
    (error: Error) => parentPort!.postMessage({ error: error.message }),
  );
}

/** The photo's pixels; rejects when the file is not a HEIC photo libheif can read. */
export function decodeHeic(file: Uint8Array): Promise<Pixels> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { heic: file } });
    const timer = setTimeout(() => void worker.terminate(), DECODE_MS);
    worker.once('message', (answer: Pixels | { error: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('the HEIC reader stopped without an answer'));
    });
  });
}
