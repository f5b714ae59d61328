import Busboy from 'busboy';

// The `_payload` field of an upload to the CMS's API (the document's fields as JSON, beside the file),
// read from a copy of the request's body as it streams by, with the parser Payload itself reads uploads
// with (busboy), so the API's guard sees the form as Payload will. The file's bytes are skipped as they
// pass, never gathered: the fetch standard's formData() held the server's thread for about half a second
// on a 16 MiB picture, gathering the whole body, then copying the file, before the guard could look.
// Resolves to the field's text (undefined without one); rejects on a form that cannot be read.
export async function uploadFields(request: Request): Promise<string | undefined> {
  const body = request.clone().body;
  if (!body) return undefined;
  const headers = Object.fromEntries(request.headers);
  const reader = body.getReader();
  return new Promise<string | undefined>((resolve, reject) => {
    let payload: string | undefined;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reader.cancel().catch(() => {});
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({ headers, limits: { fieldSize: FIELD_LIMIT } });
    } catch (error) {
      // No boundary, or not multipart at all.
      fail(error);
      return;
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new Error(`the field ${name} is too long`));
      else if (name === '_payload') payload = value;
    });
    parser.on('file', (_name, file) => file.resume());
    parser.on('error', fail);
    parser.on('close', () => {
      if (!failed) resolve(payload);
    });
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (failed) return;
        if (done) return void parser.end();
        parser.write(value);
      }
    })().catch(fail);
  });
}

// A document's fields as JSON are a few kilobytes; Payload's own limit for a field is 1 MiB.
const FIELD_LIMIT = 1024 * 1024;
