// SITE_URL ends up in canonical URLs, the sitemap, social cards and mail links: a production build or
// server without it, or with a local address while reachable from other machines, would hand visitors
// and search engines links to localhost.
const loopback = /^(localhost|127(\.\d+){3}|\[?::1\]?)$/i;

/** @returns {string | null} what is wrong with SITE_URL for a server bound to `hostname`, or null */
export function siteUrlProblem(siteUrl, hostname) {
  if (!siteUrl) {
    return 'SITE_URL is not set: canonical URLs, the sitemap and mail links will point to http://localhost:3000. Set it (e.g. SITE_URL=https://baobabdata.org in .env).';
  }
  let host;
  try {
    host = new URL(siteUrl).hostname;
  } catch {
    return null; // The server's own settings check names a malformed SITE_URL.
  }
  if ((loopback.test(host) || host === '0.0.0.0') && !loopback.test(hostname)) {
    return `SITE_URL is ${siteUrl} while the server listens on ${hostname}, reachable from other machines: links will point to this machine's own loopback.`;
  }
  return null;
}
