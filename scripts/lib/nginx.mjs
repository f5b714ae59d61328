// Debian's nginx running docs/deploy/nginx.conf in front of a local site, as any user: the operator's
// file with this run's listen ports, upstream, certificate and cache folder, inside a main config whose
// every path is in `dir`. The HTTPS server block answers plain HTTP on `port` too (what the benchmarks
// and drills use), HTTPS with a self-signed certificate on `tlsPort`, and the port-80 block (the
// redirect) listens on `redirectPort`; without those two ports they listen on sockets in `dir`.
// Used by the proxy test, the proxy benchmark and the hostile drill, run from the project folder.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const nginxBinary = process.env.NGINX_PATH || '/usr/sbin/nginx';

// Each placeholder must be in the operator's file as many times as said (once unless a third value
// says otherwise), or the file and this harness drifted. The access log goes to `dir`/access.log.
// `upstreamPorts`: several instances, with docs/deploy/nginx-upstream.conf's block in place of the one
// of nginx.conf, its two addresses replaced by these ports.
export function operatorConfig({ port, upstreamPort, upstreamPorts, cacheDir, dir, tlsPort, redirectPort }) {
  let text = readFileSync(join('docs', 'deploy', 'nginx.conf'), 'utf8');
  if (upstreamPorts) text = withUpstreams(text, upstreamPorts);
  const at = (p, socket) => (p ? `127.0.0.1:${p}` : `unix:${join(dir, socket)}`);
  const replacements = [
    ['listen 80;', `listen ${at(redirectPort, 'redirect.sock')};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${port};\n    listen ${at(tlsPort, 'tls.sock')} ssl http2;`],
    ['/etc/letsencrypt/live/baobabdata.org/fullchain.pem', join(dir, 'cert.pem')],
    ['/etc/letsencrypt/live/baobabdata.org/privkey.pem', join(dir, 'key.pem')],
    ...(upstreamPorts ? [] : [['127.0.0.1:3000', `127.0.0.1:${upstreamPort}`]]),
    ['/var/cache/nginx/baobab', cacheDir],
    ['/var/log/nginx/access.log', join(dir, 'access.log'), 2],
  ];
  for (const [from, to, times = 1] of replacements) {
    if (text.split(from).length !== times + 1) {
      throw new Error(`docs/deploy/nginx.conf should contain "${from}" ${times === 1 ? 'once' : `${times} times`}`);
    }
    text = text.replaceAll(from, to);
  }
  return text;
}

// nginx.conf's upstream block replaced by nginx-upstream.conf's, one `server` line per port.
function withUpstreams(text, ports) {
  const block = /^upstream baobab \{\n[^}]*\n\}\n/m;
  const upstream = readFileSync(join('docs', 'deploy', 'nginx-upstream.conf'), 'utf8').match(block)?.[0];
  const line = upstream?.match(/^ {4}server 10\.0\.0\.11:3000( [^;]*);$/m);
  if (!upstream || !line || !block.test(text))
    throw new Error('docs/deploy/nginx-upstream.conf and nginx.conf drifted');
  const servers = ports.map((p) => `    server 127.0.0.1:${p}${line[1]};`).join('\n');
  const ours = upstream.replace(/^ {4}server [^\n]*\n(?: {4}server [^\n]*\n)*/m, `${servers}\n`);
  return text.replace(block, ours);
}

// docs/deploy/nginx-first.conf (port 80 only, before the certificate) with this run's port and folders.
export function firstConfig({ port, dir }) {
  let text = readFileSync(join('docs', 'deploy', 'nginx-first.conf'), 'utf8');
  for (const [from, to] of [
    ['listen 80;', `listen 127.0.0.1:${port};`],
    ['root /var/www/letsencrypt;', `root ${join(dir, 'letsencrypt')};`],
    ['access_log /var/log/nginx/access.log baobab_first;', `access_log ${join(dir, 'access.log')} baobab_first;`],
  ]) {
    if (text.split(from).length !== 2) throw new Error(`docs/deploy/nginx-first.conf should contain "${from}" once`);
    text = text.replaceAll(from, to);
  }
  return text;
}

// A self-signed certificate for 127.0.0.1 and localhost, valid for a day.
function selfSigned(dir) {
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
      .concat(['-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'])
      .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
}

// `first`: docs/deploy/nginx-first.conf instead, with no site behind it and no certificate.
export function startNginx({
  port,
  upstreamPort,
  upstreamPorts,
  dir,
  workers = 1,
  tlsPort,
  redirectPort,
  first = false,
}) {
  if (first) writeFileSync(join(dir, 'baobab.conf'), firstConfig({ port, dir }));
  else {
    selfSigned(dir);
    writeFileSync(
      join(dir, 'baobab.conf'),
      operatorConfig({ port, upstreamPort, upstreamPorts, cacheDir: join(dir, 'cache'), dir, tlsPort, redirectPort }),
    );
  }
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `${name}_temp_path ${join(dir, name)};`,
  );
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // As root, workers would otherwise run as nobody and could not write the scratch folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      `worker_processes ${workers};`,
      `pid ${join(dir, 'nginx.pid')};`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      '  default_type application/octet-stream;',
      ...temp.map((line) => `  ${line}`),
      `  include ${join(dir, 'baobab.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return spawn(
    nginxBinary,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: 'inherit' },
  );
}
