// Forge git transport and content reads against bare references, side by side in one run.
//
//   npm run build:server && node bench/forge-git.bench.mjs [--clones 6] [--seconds 5] [--connections 10]
//
// 1. Clone of a repository with 5,000 commits through the forge's smart HTTP, against
//    `git http-backend` (the CGI git ships) behind a bare node:http wrapper, serving the
//    very same bare repository. Figure: clones per second; target ratio >= 0.9.
// 2. `GET /{repo}/-/git/contents/{file}` through the forge (routing, token, access check,
//    ref resolution, the warm cat-file pipe, JSON) against a bare node:http handler that
//    answers the same JSON from its own warm `git cat-file --batch`. Target ratio >= 0.5.
//
// Prints one line per figure; never exits non-zero on a slow result (benchmarks do not fail CI).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer } from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, measure, QUICK, stopChild, waitFor } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const forgeMain = path.join(root, 'dist', 'server', 'server', 'forge', 'main.js');
const HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';
const TOKEN = 'bench-admin-token-0123456789abcdef';
const COMMITS = 5000;
const FILES = 50;
const FILE = 'src/file-7.txt';
const DEADLINE = Date.now() + 170_000;

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

/** A clean environment for every git process: the machine's configuration plays no part. */
function gitEnv(home) {
  return {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  };
}

function git(args, options) {
  const result = spawnSync('git', args, { ...options, maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`git ${args[0]}: ${result.stderr}`);
  return result.stdout?.toString() ?? '';
}

// ------------------------------------------------------------------ data set

/** A bare repository with COMMITS commits over FILES files, written by one fast-import. */
function buildRepository(dir, home) {
  git(['init', '-q', '--bare', '-b', 'main', dir], { env: gitEnv(home) });
  const chunks = [];
  const lines = Array.from({ length: FILES }, () => []);
  const start = Date.parse('2024-01-01T00:00:00Z') / 1000;
  for (let i = 0; i < COMMITS; i++) {
    const file = i % FILES;
    lines[file].push(`line ${i}: ${'lorem ipsum dolor sit amet '.repeat(2)}`);
    const content = `${lines[file].join('\n')}\n`;
    const message = `Change ${i + 1} to file ${file}`;
    const who = `Dev ${i % 7} <dev${i % 7}@bench.local> ${start + i * 600} +0000`;
    chunks.push(
      `commit refs/heads/main\nauthor ${who}\ncommitter ${who}\ndata ${Buffer.byteLength(message)}\n${message}\n`,
      `M 100644 inline src/file-${file}.txt\ndata ${Buffer.byteLength(content)}\n${content}\n`,
    );
  }
  chunks.push('done\n');
  git(['-c', 'fastimport.unpackLimit=0', 'fast-import', '--quiet', '--done'], {
    cwd: dir,
    env: gitEnv(home),
    input: chunks.join(''),
  });
  // A pushed repository is packed by receive-pack; pack this one the same way.
  git(['repack', '-adq'], { cwd: dir, env: gitEnv(home) });
}

// ------------------------------------------------------------------ references (child mode)

/** `--cgi <projectRoot> <port>`: git http-backend behind a bare node:http wrapper. */
function serveCgi(projectRoot, port) {
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    const child = spawn(HTTP_BACKEND, [], {
      env: {
        ...gitEnv(os.tmpdir()),
        GIT_PROJECT_ROOT: projectRoot,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        REQUEST_METHOD: request.method,
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
        GIT_PROTOCOL: request.headers['git-protocol'] ?? '',
        REMOTE_ADDR: '127.0.0.1',
      },
    });
    request.pipe(child.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    child.stdout.on('data', (chunk) => {
      if (headersDone) {
        if (!response.write(chunk)) child.stdout.pause();
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      headersDone = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else response.setHeader(name, value);
      }
      response.writeHead(status);
      const rest = head.subarray(end + 4);
      if (rest.length > 0) response.write(rest);
    });
    response.on('drain', () => child.stdout.resume());
    child.stdout.on('end', () => response.end());
    child.on('error', () => response.destroy());
  });
  server.listen(port, '127.0.0.1');
}

/** `--catfile <repo> <port>`: the contents JSON from a warm `git cat-file --batch`. */
function serveCatFile(repo, port) {
  const child = spawn('git', ['cat-file', '--batch'], { cwd: repo, env: gitEnv(os.tmpdir()) });
  const waiting = [];
  let buffer = Buffer.alloc(0);
  child.stdout.on('data', (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    while (waiting.length > 0) {
      const newline = buffer.indexOf(10);
      if (newline === -1) return;
      const [sha, type, size] = buffer.toString('utf8', 0, newline).split(' ');
      const total = newline + 1 + Number(size) + 1;
      if (buffer.length < total) return;
      const data = buffer.subarray(newline + 1, newline + 1 + Number(size));
      buffer = buffer.subarray(total);
      waiting.shift()({ sha, type, size: Number(size), data });
    }
  });
  const server = createServer((request, response) => {
    const file = decodeURIComponent(
      new URL(request.url, 'http://x').pathname.split('/-/git/contents/')[1],
    );
    new Promise((resolve) => {
      waiting.push(resolve);
      child.stdin.write(`main:${file}\n`);
    }).then((object) => {
      const body = JSON.stringify({
        type: 'blob',
        path: file,
        name: file.slice(file.lastIndexOf('/') + 1),
        sha: object.sha,
        size: object.size,
        encoding: 'base64',
        content: object.data.toString('base64'),
        // The published content record's remaining fields, as the forge fills them.
        entries: [],
        lfs_download_url: '',
        lfs_oid: '',
        lfs_size: 0,
      });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    });
  });
  server.listen(port, '127.0.0.1');
}

// ------------------------------------------------------------------ runner

function startChild(args, env = {}) {
  return spawn(process.execPath, args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Seconds one `git clone --no-checkout` of `url` takes. */
function cloneSeconds(url, work, home) {
  const target = path.join(work, `clone-${Math.random().toString(36).slice(2)}`);
  const started = process.hrtime.bigint();
  git(['clone', '-q', '--no-checkout', url, target], { env: gitEnv(home) });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  fs.rmSync(target, { recursive: true, force: true });
  return seconds;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function line(name, value, reference, target) {
  const ratio = value / reference;
  console.log(
    `forge-git: ${name}: ${value.toFixed(2)} vs ${reference.toFixed(2)} ratio ${ratio.toFixed(2)} (target >= ${target}) ${ratio >= target ? 'ok' : 'BELOW TARGET'}`,
  );
}

async function main() {
  if (process.argv[2] === '--cgi') return serveCgi(process.argv[3], Number(process.argv[4]));
  if (process.argv[2] === '--catfile')
    return serveCatFile(process.argv[3], Number(process.argv[4]));
  if (!fs.existsSync(forgeMain)) {
    console.log('forge-git: skipped, the server is not built (run npm run build:server first)');
    return;
  }
  if (!fs.existsSync(HTTP_BACKEND)) {
    console.log(`forge-git: skipped, ${HTTP_BACKEND} is missing`);
    return;
  }
  const clones = option('clones', QUICK ? 3 : 6);
  const seconds = option('seconds', QUICK ? 2 : 5);
  const connections = option('connections', 10);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-git-bench-'));
  const home = path.join(work, 'home');
  fs.mkdirSync(home);
  const children = [];
  try {
    // The forge, with one public repository that receives the 5,000 commits by one push.
    const dataDir = path.join(work, 'data');
    const forgePort = await freePort();
    const forgeUrl = `http://127.0.0.1:${forgePort}`;
    const forge = startChild([forgeMain], {
      DATA_DIR: dataDir,
      FORGE_PORT: String(forgePort),
      FORGE_HOST: '127.0.0.1',
      FORGE_SEED: 'none',
      FORGE_ADMIN_TOKEN: TOKEN,
      NODE_ENV: 'production',
    });
    children.push(forge);
    await waitFor(`${forgeUrl}/healthz`, forge);
    const api = (method, route, body) =>
      fetch(forgeUrl + route, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await api('POST', '/groups', { path: 'bench' });
    await api('POST', '/bench/-/repos', { name: 'big', visibility: 'public' });

    const source = path.join(work, 'source.git');
    let started = Date.now();
    buildRepository(source, home);
    console.log(`forge-git: ${COMMITS}-commit repository written in ${Date.now() - started} ms`);
    started = Date.now();
    git(['push', '-q', `http://git:${TOKEN}@127.0.0.1:${forgePort}/bench/big`, 'main'], {
      cwd: source,
      env: gitEnv(home),
    });
    console.log(`forge-git: pushed to the forge in ${Date.now() - started} ms`);

    // git http-backend serves the forge's own copy of the repository.
    const cgiPort = await freePort();
    const cgi = startChild([
      fileURLToPath(import.meta.url),
      '--cgi',
      path.join(dataDir, 'forge', 'repos'),
      String(cgiPort),
    ]);
    children.push(cgi);
    const cgiUrl = `http://127.0.0.1:${cgiPort}/bench/big.git`;
    await waitFor(
      `${cgiUrl}/info/refs?service=git-upload-pack`,
      cgi,
      60_000,
      (r) => r.status < 500,
    );

    const forgeClone = `${forgeUrl}/bench/big`;
    cloneSeconds(forgeClone, work, home);
    cloneSeconds(cgiUrl, work, home);
    const forgeTimes = [];
    const cgiTimes = [];
    for (let i = 0; i < clones && Date.now() < DEADLINE - 60_000; i++) {
      cgiTimes.push(cloneSeconds(cgiUrl, work, home));
      forgeTimes.push(cloneSeconds(forgeClone, work, home));
    }
    const forgeMedian = median(forgeTimes);
    const cgiMedian = median(cgiTimes);
    console.log(
      `forge-git: clone of ${COMMITS} commits, median of ${forgeTimes.length}: forge ${(forgeMedian * 1000).toFixed(0)} ms, git http-backend ${(cgiMedian * 1000).toFixed(0)} ms`,
    );
    line('clones per second, forge vs git http-backend', 1 / forgeMedian, 1 / cgiMedian, 0.9);

    // Contents reads.
    const catPort = await freePort();
    const cat = startChild([
      fileURLToPath(import.meta.url),
      '--catfile',
      path.join(dataDir, 'forge', 'repos', 'bench', 'big.git'),
      String(catPort),
    ]);
    children.push(cat);
    const route = `/bench/big/-/git/contents/${FILE}`;
    const catUrl = `http://127.0.0.1:${catPort}${route}`;
    await waitFor(catUrl, cat, 60_000, (r) => r.status < 500);
    const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
    const [forgeBody, catBody] = await Promise.all([
      fetch(forgeUrl + route, { headers }).then((r) => r.text()),
      fetch(catUrl).then((r) => r.text()),
    ]);
    console.log(
      `forge-git: same contents JSON from both: ${forgeBody === catBody ? 'yes' : 'NO'} (${forgeBody.length} bytes)`,
    );
    const reference = await measure(catUrl, seconds, connections, {});
    const measured = await measure(forgeUrl + route, seconds, connections, headers);
    console.log(
      `forge-git: contents, bare cat-file handler ${reference.rps.toFixed(0)} req/s (p99 ${reference.p99} ms, errors ${reference.errors}); forge ${measured.rps.toFixed(0)} req/s (p99 ${measured.p99} ms, errors ${measured.errors})`,
    );
    line('GET contents req/s, forge vs warm cat-file handler', measured.rps, reference.rps, 0.5);
  } finally {
    await Promise.all(children.map(stopChild));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`forge-git: failed: ${error?.stack ?? error}`);
  process.exitCode = 0;
});
