import { useEffect, useRef, useState } from 'react';

// The camera, only while scanning, reading QR codes: each code's text goes to `onCode`, once while
// the same code is held in front of it. The decoder (jsqr) is fetched the first time, by the page that
// uses this only. `onRefused` when the camera cannot be had (refused, or none).
export function useQrScanner(onCode: (text: string) => void, onRefused: () => void) {
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    let last = { text: '', at: 0 };
    (async () => {
      try {
        const [{ default: jsQR }, media] = await Promise.all([
          import('jsqr'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const canvas = document.createElement('canvas');
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        const read = () => {
          if (stopped || !video.current) return;
          const source = video.current;
          if (source.readyState >= 2 && source.videoWidth > 0) {
            // At most 640 pixels wide: enough for a code held at arm's length, and quick on a phone.
            const scale = Math.min(1, 640 / source.videoWidth);
            canvas.width = Math.round(source.videoWidth * scale);
            canvas.height = Math.round(source.videoHeight * scale);
            context.drawImage(source, 0, 0, canvas.width, canvas.height);
            const image = context.getImageData(0, 0, canvas.width, canvas.height);
            const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
            // The same code held in front of the camera is read once, not at every frame.
            if (code && (code.data !== last.text || Date.now() - last.at > 3000)) {
              last = { text: code.data, at: Date.now() };
              onCode(code.data);
            }
          }
          frame = requestAnimationFrame(read);
        };
        read();
      } catch {
        onRefused();
        setScanning(false);
      }
    })();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    // The scan loop calls the functions of the render that started it (they read the latest guests).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scanning]);

  return { scanning, toggleScan: () => setScanning((on) => !on), video };
}
