/* Keep a page's `onState(state)` fed (moved out of companion.js, h21; no change of
   behaviour): Server-Sent Events, else polling every 3 s.  After the device slept or lost
   the network (issue 16 point 8) the badge says "reconnecting…" at once (the `offline`
   event, a failed stream or fetch) and waking (`online`, the page shown again) fetches
   the current state at once and opens a fresh stream.  A page that polls because its
   stream failed (the server restarted, h21) tries a fresh stream after a poll that
   reached the bank — at once the first time, then after RETRY_MS doubling to
   RETRY_MAX_MS while tries fail (a server that refuses streams is not hammered) — and is
   "live" again once that stream brought the whole state; one stream at a time.

   Live.follow(game, onState, bank) is what Companion.live calls (companion.js, loaded
   after this file); `bank` is companion.js's side: {url(rest): the game's API address,
   read(state): the state with its places named as the pages call them,
   applyChange(state, change), lost(): this device's link is dead, probe(): is the token
   still good, mode(name): the badge ("live", "polling", "reconnecting"), gone(): true
   once the page gave up (lost), stoppers: what lost() stops}.  Returns accept(state),
   with accept.change(change) for a command's answer (issue 19). */
"use strict";

const Live = (() => {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const QUIET_MS = 25000;  // no message nor ping for this long: the stream is dead
  const RETRY_MS = 5000;  // a failed try from polling: the next one no sooner than this
  const RETRY_MAX_MS = 60000;
  const STEADY_MS = 30000;  // a stream up this long: the next failure retries at once
  function follow(game, onState, bank) {
    const {url, read, applyChange, lost, probe, mode, gone, stoppers} = bank;
    let seq = -1;
    let raw = null;  // the state at `seq` as the bank sent it (the base of the next change)
    let timer = null;
    const accept = (state) => {
      if (state && state.game && state.game.seq > seq) {
        seq = state.game.seq;
        raw = state;
        onState(read(state));
      }
    };
    /* A command's answer brought the change the streams got (issue 19): applied when
       this page holds its base, else left to the stream (which brings it, or already
       did); a page that polls reads the state at once. */
    accept.change = (change) => {
      if (!change || !(change.seq > seq)) return;
      let next = null;
      if (raw && change.base === seq) {
        try { next = applyChange(raw, change); } catch (err) { next = null; }
      }
      if (next) accept(next);
      else if (polling) fetchNews();
    };
    /* One read of the state newer than ours: true when the bank answered. */
    const fetchNews = async () => {
      try {
        const response = await fetch(url(`?after=${Math.max(seq, 0)}`),
          {credentials: "same-origin", cache: "no-store"});
        if (response.status === 401) { lost(); return false; }
        if (response.status === 200) accept(await response.json());
        return response.ok || response.status === 204 || response.status === 304;
      } catch (err) { return false; }
    };
    /* A change (issue 19) applies to the state it was made from; a phone that missed one
       (or holds another state) reads the whole state instead, until it has `wanted`. */
    let wanted = -1;
    let catching = false;
    const catchUp = async () => {
      if (catching) return;
      catching = true;
      try {
        for (let tries = 0; tries < 3 && !gone() && wanted > seq; tries += 1) {
          if (!(await fetchNews())) break;
        }
      } finally { catching = false; }
    };
    const acceptChange = (change) => {
      if (!change || !(change.seq > seq)) return;
      if (raw && change.base === seq) {
        let next = null;
        try { next = applyChange(raw, change); } catch (err) { next = null; }
        if (next) { accept(next); return; }
      }
      wanted = Math.max(wanted, change.seq);
      catchUp();
    };
    let polling = false;  // the stream gave up (or ?poll): read every 3 s instead
    let retry = null;  // a fresh stream's try from polling (none with ?poll or no SSE)
    const poll = async () => {
      if (gone() || !polling) return;
      clearTimeout(timer);
      const reached = await fetchNews();
      if (!polling) return;  // woken meanwhile: a fresh stream took over
      if (reached && retry && retry()) return;  // the bank is there: a stream again
      mode(reached ? "polling" : "reconnecting");
      timer = setTimeout(poll, 3000);
    };
    stoppers.push(() => clearTimeout(timer));
    const forcePoll = new URLSearchParams(location.search).has("poll");
    if (!window.EventSource || forcePoll) { polling = true; poll(); return accept; }
    let source = null;
    let failures = 0;
    /* A stream that died silently (issue 16): the hub pings a quiet stream every 10 s, so
       25 s without a word means reconnect — checked while the page is seen (a hidden
       page wakes on visibilitychange instead, so a sleeping phone is not woken). */
    let quiet = null;
    const heard = (stream) => {
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        if (stream === source && !polling && document.visibilityState === "visible") wake();
      }, QUIET_MS);
    };
    stoppers.push(() => clearTimeout(quiet));
    /* Tries from polling: `trying` while the fresh stream has brought nothing yet (one
       failure and the page polls again), the next try not before `retryAt`, `pause` the
       wait after the next failed one; `since` when the stream in use first brought word. */
    let trying = false;
    let retryAt = 0;
    let pause = RETRY_MS;
    let since = 0;
    const open = () => {
      polling = false;
      clearTimeout(timer);
      if (source) source.close();
      const stream = source = new EventSource(url("/events"));
      const alive = () => {
        if (trying || !since) since = Date.now();
        trying = false; failures = 0; mode("live"); heard(stream);
      };
      heard(stream);
      // A try from polling is live at its first message (the whole state, h21), not
      // at its answer's headers.
      stream.onopen = () => { if (!trying) alive(); };
      stream.onmessage = (event) => { alive(); accept(JSON.parse(event.data)); };
      stream.addEventListener("change", (event) => {
        alive(); acceptChange(JSON.parse(event.data));
      });
      stream.addEventListener("ping", alive);
      stream.onerror = () => {
        if (stream !== source) return;  // an old stream, replaced on waking
        failures += 1;
        mode("reconnecting");
        probe();
        if (stream.readyState === EventSource.CLOSED || failures >= 3 || trying) {
          stream.close();
          if (since && Date.now() - since >= STEADY_MS) { retryAt = 0; pause = RETRY_MS; }
          since = 0;
          trying = false;
          polling = true;
          poll();
        }
      };
    };
    /* From polling, the bank reached: a fresh stream when its time has come (true then). */
    retry = () => {
      if (gone() || !polling || Date.now() < retryAt) return false;
      retryAt = Date.now() + pause;
      pause = Math.min(pause * 2, RETRY_MAX_MS);
      trying = true;
      open();
      return true;
    };
    stoppers.push(() => source && source.close());
    open();
    /* Woken: the state now, then a fresh stream (retrying every 300 ms while it cannot). */
    let waking = null;
    const wake = () => {
      if (gone() || waking || !navigator.onLine) return;
      mode("reconnecting");
      waking = (async () => {
        while (!gone() && navigator.onLine && !(await fetchNews())) await sleep(300);
        waking = null;
        if (gone() || !navigator.onLine) return;
        failures = 0;
        open();
      })();
    };
    /* The device says it has no network: what the stream may still bring is not to be
       trusted to keep coming; close it and wait for `online`. */
    window.addEventListener("offline", () => {
      if (gone()) return;
      polling = false;
      clearTimeout(timer);
      if (source) source.close();
      mode("reconnecting");
    });
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") wake();
    });
    return accept;
  }

  return {follow};
})();
