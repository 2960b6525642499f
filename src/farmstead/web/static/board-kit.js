// Helpers every board module shares (the game's own board.js imports them from here):
// seat colours and names, finding legal actions by their JSON, zoom and pan. Nothing here knows
// a rule.
import { NAMED_COLOURS, SEAT_COLOURS, h } from "/static/api.js";

/** A seat's colour: the colour the observation names for it (`seats[i].colour` or
 * `colours[i]`), else the seat's default colour. */
export function seatColour(obs, seat) {
  const named =
    (obs && Array.isArray(obs.seats) && obs.seats[seat] && obs.seats[seat].colour) ||
    (obs && Array.isArray(obs.colours) && obs.colours[seat]);
  return (named && NAMED_COLOURS[named]) || SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** A seat's name as the match lists it ("Seat 2" when it has none). */
export function seatName(view, seat) {
  const s = view.match && view.match.seats[seat];
  return s ? s.name : `Seat ${seat + 1}`;
}

/** The legal actions grouped by their JSON `type`. */
export function byType(legal) {
  const out = {};
  for (const a of legal) {
    const t = a.json && a.json.type;
    (out[t] = out[t] || []).push(a);
  }
  return out;
}

/** The legal action whose JSON has every field of `want` (compared by value), or null. */
export function findLegal(legal, want) {
  return (
    legal.find(
      (a) =>
        a.json &&
        typeof a.json === "object" &&
        Object.entries(want).every(([k, v]) => JSON.stringify(a.json[k]) === JSON.stringify(v)),
    ) || null
  );
}

/** Whether a colour ("#rrggbb") is so light that it needs a dark edge on the pale page. */
export function isLight(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!m) return false;
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.8;
}

/** A dark edge to draw around a seat's colour when that colour is light (e.g. white on the
 * cream page), else null. */
export function seatEdge(obs, seat) {
  return isLight(seatColour(obs, seat)) ? "#4a4840" : null;
}

// --- colour is never the only cue; every control works from the keyboard ---------------

/** Relative luminance (WCAG) of a colour "#rrggbb". */
function luminance(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!m) return 1;
  const [r, g, b] = m.slice(1).map((x) => {
    const c = parseInt(x, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Words readable on ``colour``: white or near-black, whichever contrasts more with it. */
export function inkOn(colour) {
  const l = luminance(colour);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#ffffff" : "#000000";
}

/** What marks a seat besides its colour: its number ("1", "2", …), drawn on its swatch and,
 * on the boards, on what it owns. */
export function seatMark(seat) {
  return String(seat + 1);
}

/** A seat's swatch: its colour with its number in it, named ``name`` for screen readers. */
export function swatch(obs, seat, name) {
  const colour = seatColour(obs, seat);
  const label = `${name ? `${name}: ` : ""}seat ${seat + 1}`;
  return h("span", { class: "swatch", role: "img", "aria-label": label, title: label, dataset: { seat }, style: `background:${colour};color:${inkOn(colour)}` }, seatMark(seat));
}

/** Make an SVG (or other non-button) element a keyboard control: reached by Tab, announced as
 * a button named ``label``; Enter and Space do ``onPress`` (what a click on it does). */
export function pressable(el, label, onPress) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    onPress(e);
  });
  return el;
}

// --- zoom and pan for boards that grow --------------------------------------------------
// A board re-renders on every update; its zoom (scale and centre, in the board's own units)
// is kept per key (e.g. the match), so a zoomed-in view survives the next move.
const zoomStates = new Map();
const ZOOM_MAX = 6;
const DRAG_SLOP = 6; // px a pointer may move and still click

function clamp(x, lo, hi) {
  return Math.min(hi, Math.max(lo, x));
}

/** Wrap ``svgEl`` (which has a viewBox: the whole board) in a zoomable view: the wheel and a
 * two-finger pinch zoom at the pointer, a drag pans once zoomed in, and buttons zoom in, out
 * and back to the whole board. Clicks on the board still work (a drag never clicks). Returns
 * the wrapper element to insert instead of ``svgEl``. */
export function zoomable(svgEl, key) {
  const [bx, by, bw, bh] = svgEl.getAttribute("viewBox").trim().split(/[\s,]+/).map(Number);
  const state = zoomStates.get(key) || { scale: 1, cx: bx + bw / 2, cy: by + bh / 2 };
  zoomStates.set(key, state);
  const wrap = h("div", { class: "zoomable" });
  const apply = () => {
    state.scale = clamp(state.scale, 1, ZOOM_MAX);
    const w = bw / state.scale;
    const ht = bh / state.scale;
    state.cx = clamp(state.cx, bx + w / 2, bx + bw - w / 2);
    state.cy = clamp(state.cy, by + ht / 2, by + bh - ht / 2);
    svgEl.setAttribute("viewBox", `${state.cx - w / 2} ${state.cy - ht / 2} ${w} ${ht}`);
    // Zoomed in, one finger pans the board; at full view it scrolls the page.
    svgEl.style.touchAction = state.scale > 1.001 ? "none" : "pan-x pan-y";
    wrap.dataset.zoom = state.scale.toFixed(2);
    out.disabled = state.scale <= 1.001;
    fit.disabled = state.scale <= 1.001;
    inn.disabled = state.scale >= ZOOM_MAX - 0.001;
  };
  const toBoard = (x, y) => {
    const m = svgEl.getScreenCTM();
    if (!m) return { x: state.cx, y: state.cy };
    const p = new DOMPoint(x, y).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const zoomAt = (factor, x, y) => {
    const p = toBoard(x, y);
    const old = state.scale;
    state.scale = clamp(old * factor, 1, ZOOM_MAX);
    const k = old / state.scale;
    state.cx = p.x + (state.cx - p.x) * k;
    state.cy = p.y + (state.cy - p.y) * k;
    apply();
  };
  const centre = () => {
    const r = svgEl.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const inn = h("button", { class: "zoom-in small", type: "button", title: "Zoom in", "aria-label": "zoom in", onclick: () => zoomAt(1.5, ...centre()) }, "+");
  const out = h("button", { class: "zoom-out small", type: "button", title: "Zoom out", "aria-label": "zoom out", onclick: () => zoomAt(1 / 1.5, ...centre()) }, "−");
  const fit = h("button", { class: "zoom-fit small", type: "button", title: "Show the whole board", "aria-label": "show the whole board", onclick: () => { state.scale = 1; apply(); } }, "Whole board");

  svgEl.addEventListener("wheel", (e) => {
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX, e.clientY);
  }, { passive: false });

  const pointers = new Map(); // pointerId -> {x, y}
  let moved = 0;
  let pinch = null; // {distance}
  const onMove = (e) => {
    if (!pointers.has(e.pointerId)) return;
    const before = pointers.get(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch && distance > 0 && pinch.distance > 0) zoomAt(distance / pinch.distance, (a.x + b.x) / 2, (a.y + b.y) / 2);
      pinch = { distance };
      moved += DRAG_SLOP + 1;
      return;
    }
    const dx = e.clientX - before.x;
    const dy = e.clientY - before.y;
    moved += Math.abs(dx) + Math.abs(dy);
    if (state.scale > 1.001 && moved > DRAG_SLOP) {
      const r = svgEl.getBoundingClientRect();
      const unit = Math.max((bw / state.scale) / r.width, (bh / state.scale) / r.height);
      state.cx -= dx * unit;
      state.cy -= dy * unit;
      apply();
    }
  };
  const onUp = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
    }
  };
  svgEl.addEventListener("pointerdown", (e) => {
    if (!pointers.size) {
      moved = 0;
      window.addEventListener("pointermove", onMove);
      window.addEventListener("pointerup", onUp);
      window.addEventListener("pointercancel", onUp);
    }
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  });
  // A drag or a pinch is not a click on what lies under the pointer.
  svgEl.addEventListener("click", (e) => {
    if (moved > DRAG_SLOP) {
      e.stopPropagation();
      e.preventDefault();
      moved = 0;
    }
  }, true);

  wrap.append(svgEl, h("div", { class: "zoom-controls" }, out, inn, fit));
  apply();
  return wrap;
}

// --- animations that explain a change ----------------------------------------------------
// A board compares the observation it drew last with the new one (``previousObservation``)
// and marks what changed (``markChanged``): a CSS class whose short animation (style.css, only
// under prefers-reduced-motion: no-preference) shows a moved piece, a loss, a birth, a capture.
// Nothing animates on a page's first render, on a re-render of the same view, after an undo or
// in a replay. A key press or a click on the board ends every running animation at once; the
// "Animations: on/off" toggle (``animationToggle``) is remembered on this device.
const ANIM_KEY = "farmstead:animations";
const OLD_ANIM_KEYS = ["farms_race:animations"]; // Farms Race's dice setting, before it was site-wide
const ANIM_MS = 900; // the longest animation; a class still there then is removed
const running = new Set(); // {el, stop} of the animations under way
let skipInstalled = false;

function storedAnimations() {
  try {
    for (const old of OLD_ANIM_KEYS) {
      const value = localStorage.getItem(old);
      if (value === null) continue;
      if (localStorage.getItem(ANIM_KEY) === null) localStorage.setItem(ANIM_KEY, value === "off" ? "off" : "on");
      localStorage.removeItem(old);
    }
    return localStorage.getItem(ANIM_KEY) !== "off";
  } catch {
    return true; // storage blocked: the default
  }
}

/** Whether the system asks for reduced motion (then nothing animates, whatever the toggle). */
export function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** Whether boards animate changes: the device's setting (on by default) and no reduced-motion
 * preference. */
export function animationsOn() {
  return storedAnimations() && !reducedMotion();
}

/** Turn animations on or off on this device (off ends the running ones). */
export function setAnimations(on) {
  try {
    localStorage.setItem(ANIM_KEY, on ? "on" : "off");
  } catch {
    // storage blocked: the setting lasts for this page only
  }
  if (!on) skipAnimations();
}

/** End every running animation now (a key press or a click on the board does it). */
export function skipAnimations() {
  for (const r of [...running]) r.stop();
}

function installSkip() {
  if (skipInstalled) return;
  skipInstalled = true;
  document.addEventListener("keydown", skipAnimations, true);
  document.addEventListener("pointerdown", (e) => {
    if (e.target instanceof Element && e.target.closest("#board, .board-area")) skipAnimations();
  }, true);
}

/** Register ``stop`` (ends an animation a board runs itself, e.g. dice) with the skip. Returns
 * a function that unregisters it once the animation is over. */
export function whileAnimating(stop) {
  installSkip();
  const entry = { el: null, stop: () => { running.delete(entry); stop(); } };
  running.add(entry);
  return () => running.delete(entry);
}

/** Mark ``el`` as changed: classes ``anim anim-<kind>`` (kinds styled in style.css: pop, flash,
 * loss, gain, capture, slide, roll) for one short animation, removed when it ends, after
 * ``ANIM_MS`` or on a skip. ``options``: ``delta`` a badge such as "+2" / "−1" (HTML elements:
 * a span inside; SVG: a text at ``at`` = [x, y] in the parent's units), ``colour`` (CSS
 * ``--anim-colour``, e.g. a new owner's), ``from`` = [dx, dy] (a slide from there, in the
 * element's units). Does nothing (returns false) when animations are off. */
export function markChanged(el, kind = "flash", options = {}) {
  if (!el || !animationsOn()) return false;
  installSkip();
  const classes = ["anim", `anim-${kind}`];
  el.classList.add(...classes);
  if (options.colour) el.style.setProperty("--anim-colour", options.colour);
  if (options.from) {
    el.style.setProperty("--anim-dx", `${options.from[0]}px`);
    el.style.setProperty("--anim-dy", `${options.from[1]}px`);
  }
  let badge = null;
  if (options.delta !== undefined && options.delta !== null) {
    const text = String(options.delta);
    const tone = text.startsWith("+") ? "up" : "down";
    if (el instanceof SVGElement) {
      if (options.at) {
        badge = document.createElementNS("http://www.w3.org/2000/svg", "text");
        badge.setAttribute("x", options.at[0]);
        badge.setAttribute("y", options.at[1]);
        badge.setAttribute("class", `anim-delta ${tone}`);
        badge.setAttribute("aria-hidden", "true");
        badge.textContent = text;
        el.append(badge);
      }
    } else {
      badge = h("span", { class: `anim-delta ${tone}`, "aria-hidden": "true" }, text);
      el.append(badge);
    }
  }
  const entry = { el, stop: () => {} };
  const end = (e) => {
    if (e && e.target !== el) return; // an animation of a child
    running.delete(entry);
    clearTimeout(timer);
    el.removeEventListener("animationend", end);
    el.classList.remove(...classes);
    if (badge) badge.remove();
  };
  entry.stop = () => end();
  const timer = setTimeout(() => end(), options.ms || ANIM_MS);
  el.addEventListener("animationend", end);
  running.add(entry);
  return true;
}

// The observation each board drew last, per board element and seat (a board compares it with
// the new one to find what changed: the browser never works out a rule).
const drawn = new WeakMap(); // container -> Map(seat -> {index, undos, observation})

/** The observation ``container`` showed before ``view`` for the same seat, when ``view`` is a
 * later one (a move happened since); null on the first render, a re-render of the same view,
 * after an undo, in a replay, or when animations are off. */
export function previousObservation(container, view) {
  if (!drawn.has(container)) drawn.set(container, new Map());
  const bySeat = drawn.get(container);
  const key = `${view.match ? view.match.id : ""}:${view.seat}`;
  const last = bySeat.get(key);
  if (last && last.index === view.index) return null; // the same view drawn again
  bySeat.set(key, { index: view.index, observation: view.observation });
  if (!last || view.replay || last.index > view.index || !animationsOn()) return null;
  return last.observation;
}

/** The "Animations: on/off" toggle the match page shows for every game. */
export function animationToggle() {
  const button = h("button", { type: "button", id: "animations", class: "small subtle animations-toggle" });
  const show = () => {
    const reduced = reducedMotion();
    const on = storedAnimations() && !reduced;
    button.textContent = `Animations: ${on ? "on" : "off"}`;
    button.setAttribute("aria-pressed", String(on));
    button.disabled = reduced;
    button.title = reduced
      ? "Your system asks for reduced motion: boards do not animate"
      : on ? "Changes on the board are animated briefly (a key or a click skips them); click to turn off"
        : "Click to animate changes on the board briefly";
  };
  button.addEventListener("click", () => {
    setAnimations(!storedAnimations());
    show();
  });
  show();
  return button;
}
