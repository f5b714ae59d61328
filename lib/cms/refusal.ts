import { APIError } from 'payload';

// A refusal the editor and the API show in words. Payload writes an error's message into its answer
// when the error is one of its own classes, or else when the error has a name; in the production build
// the class here and Payload's own are not always the same module, and the minified class has no name,
// so the answer said "An unknown error occurred." The name is set here so the words always reach the
// editor.
export function refusal(message: string, status = 400): APIError {
  const error = new APIError(message, status, null, true);
  error.name = 'APIError';
  return error;
}
