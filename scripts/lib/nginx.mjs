// Debian's nginx running docs/deploy/nginx.conf in front of a local site, as any user: the operator's
// file with this run's listen port, upstream and cache folder, inside a main config whose every path is
// in `dir`. Used by the proxy test and the proxy benchmark, run from the project folder.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const nginxBinary = process.env.NGINX_PATH || '/usr/sbin/nginx';

// Each placeholder must be in the operator's file exactly once, or the file and this harness drifted.
export function operatorConfig({ port, upstreamPort, cacheDir }) {
  let text = readFileSync(join('docs', 'deploy', 'nginx.conf'), 'utf8');
  const replacements = [
    ['listen 80;', `listen 127.0.0.1:${port};`],
    ['127.0.0.1:3000', `127.0.0.1:${upstreamPort}`],
    ['/var/cache/nginx/baobab', cacheDir],
  ];
  for (const [from, to] of replacements) {
    if (text.split(from).length !== 2) throw new Error(`docs/deploy/nginx.conf should contain "${from}" once`);
    text = text.replace(from, to);
  }
  return text;
}

export function startNginx({ port, upstreamPort, dir, workers = 1 }) {
  writeFileSync(join(dir, 'baobab.conf'), operatorConfig({ port, upstreamPort, cacheDir: join(dir, 'cache') }));
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
