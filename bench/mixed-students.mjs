// The virtual students of the mixed-load bench (bench/mixed.ts), on a thread
// of their own so that their work does not run on the server's event loop.
// Each student has a session, an address and a chat of their own, and loops:
// think, pick an action by the mix, do it, record each request's latency.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, host, students, sample, jpeg, mix, durationMs, warmupMs, thinkMs } = workerData;
const photo = Buffer.from(jpeg, 'base64');
const started = Date.now();
const measureFrom = started + warmupMs;
const stopAt = measureFrom + durationMs;
/** route → latencies in ms of the measured window */
const latencies = {};
const statuses = { '2xx': 0, '4xx': 0, '5xx': 0, errors: 0 };
const failures = [];
/** Every answer (warm-up included) by the second it came in, from the start: for bench/restarts.ts. */
const timeline = [];
function tally(cls) {
  const second = Math.floor((Date.now() - started) / 1000);
  for (let i = timeline.length; i <= second; i++)
    timeline.push({ '2xx': 0, '4xx': 0, '5xx': 0, errors: 0 });
  timeline[second][cls]++;
}

function request(student, route, method, path, body, type = 'application/json') {
  const t0 = performance.now();
  // A request counts in the window it was sent in, however long it takes: the
  // students finish what they sent before stopping, so none is left out.
  const inWindow = Date.now() >= measureFrom && Date.now() < stopAt;
  return new Promise((resolve) => {
    const payload =
      body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : body;
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent: student.agent,
        headers: {
          host,
          cookie: student.cookie,
          'x-forwarded-for': student.ip,
          'x-quad-csrf': '1',
          ...(payload !== undefined
            ? { 'content-type': type, 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          const ms = performance.now() - t0;
          const cls = res.statusCode >= 500 ? '5xx' : res.statusCode >= 400 ? '4xx' : '2xx';
          tally(cls);
          if (inWindow) {
            (latencies[route] ??= []).push(ms);
            statuses[cls]++;
            if (res.statusCode >= 400 && failures.length < 20)
              failures.push(`${res.statusCode} ${method} ${route}: ${text.slice(0, 200)}`);
          }
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON: an error page; its status is what counts
          }
          resolve({ status: res.statusCode, json });
        });
      },
    );
    req.on('error', (error) => {
      tally('errors');
      if (inWindow) {
        statuses.errors++;
        if (failures.length < 20) failures.push(`error ${method} ${route}: ${error.message}`);
      }
      resolve({ status: 0, json: null });
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** Feed reads with the Filters panel on, and the filters students set there. */
const FILTERED_SHARE = 0.25;
const PRICE_FILTERS = ['maxPrice=50', 'minPrice=20&maxPrice=200', 'free=true', 'sort=price'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Think time: uniform between half and one and a half of the mean.
const think = () => (thinkMs > 0 ? sleep(thinkMs * (0.5 + Math.random())) : Promise.resolve());
const seen = (student) => (student.seen.length > 0 ? student.seen : sample);

const actions = {
  /**
   * The feed and three pages of scrolling; one time in four with the Filters
   * panel's price filters (ADR 023), kept while scrolling.
   */
  async feed(s) {
    let cursor = null;
    const filter = Math.random() < FILTERED_SHARE ? pick(PRICE_FILTERS) : '';
    for (let page = 0; page < 3; page++) {
      const query = [filter, cursor ? `cursor=${encodeURIComponent(cursor)}` : '']
        .filter(Boolean)
        .join('&');
      const path = query ? `/api/feed?${query}` : '/api/feed';
      const route = filter ? 'feed (price filter)' : page === 0 ? 'feed' : 'feed (scroll)';
      const { json } = await request(s, route, 'GET', path);
      if (!json?.items) return;
      if (page === 0) s.seen = json.items.map((p) => p.id);
      cursor = json.nextCursor;
      if (!cursor) return;
      await sleep(100 + Math.random() * 200);
    }
  },
  async post(s) {
    await request(s, 'post page', 'GET', `/api/posts/${pick(seen(s))}`);
  },
  async search(s) {
    await request(
      s,
      'search',
      'GET',
      `/api/search/posts?q=${encodeURIComponent(pick(['desk', 'bike', 'lamp', 'chair', 'textbook', 'iphone', 'mini fridge']))}`,
    );
  },
  async notifications(s) {
    await request(s, 'notifications', 'GET', '/api/notifications');
  },
  async save(s) {
    const id = pick(seen(s));
    const saved = s.saved.has(id);
    await request(s, 'save', saved ? 'DELETE' : 'PUT', `/api/posts/${id}/like`);
    if (saved) s.saved.delete(id);
    else s.saved.add(id);
  },
  async comment(s) {
    await request(s, 'comment', 'POST', '/api/posts', {
      text: `Is this still available? (${Math.random().toString(36).slice(2, 8)})`,
      parentId: pick(seen(s)),
    });
  },
  async listing(s) {
    const boundary = `----quad${Math.random().toString(36).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="photo.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const { json } = await request(
      s,
      'upload',
      'POST',
      '/api/uploads',
      body,
      `multipart/form-data; boundary=${boundary}`,
    );
    if (!json?.id) return;
    await request(s, 'new post', 'POST', '/api/posts', {
      text: 'Desk lamp, barely used',
      category: 'furniture',
      price: 10 + Math.floor(Math.random() * 90),
      mediaIds: [json.id],
    });
  },
  async message(s) {
    await request(s, 'message', 'POST', `/api/chats/${s.chatId}/messages`, {
      text: `Can I pick it up at ${1 + Math.floor(Math.random() * 11)}?`,
    });
  },
  /** An offer on the listing the chat is about, then withdrawn: one open offer at a time. */
  async offer(s) {
    if (!s.listingPrice) return actions.message(s);
    const amount = 1 + Math.floor(Math.random() * s.listingPrice);
    const { json } = await request(s, 'offer', 'POST', `/api/chats/${s.chatId}/offers`, { amount });
    if (json?.offer?.id)
      await request(s, 'offer (withdraw)', 'POST', `/api/offers/${json.offer.id}/withdraw`);
  },
};

const weights = Object.entries(mix);
const totalWeight = weights.reduce((n, [, w]) => n + w, 0);
function chooseAction() {
  let r = Math.random() * totalWeight;
  for (const [name, w] of weights) if ((r -= w) < 0) return name;
  return weights[0][0];
}

async function student(s) {
  // Students arrive spread over one mean think time, as in the steady state, not all at
  // once: a burst of first visits would be a load no campus sends (bench/mixed.ts, warmupMsFor).
  await sleep(Math.random() * (thinkMs || 500));
  while (Date.now() < stopAt) {
    await actions[chooseAction()](s);
    await think();
  }
}

await Promise.all(
  students.map((s) =>
    student({
      ...s,
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      seen: [],
      saved: new Set(),
    }),
  ),
);
parentPort.postMessage({ latencies, statuses, failures, timeline, windowMs: durationMs });
