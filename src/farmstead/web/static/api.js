// Small helpers shared by every page: JSON requests, DOM building, toasts.

/** Error from the server: `.code` and a person-readable `.message`. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Fetch JSON from the API; throws ApiError with the server's message on 4xx/5xx. */
export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", "The server cannot be reached. Is it still running?");
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.message) || `Request failed (${response.status})`;
    throw new ApiError(response.status, (data && data.error) || "http", message);
  }
  return data;
}

/** Create an element: h("div", {class: "x", onclick: f}, child, "text", ...). */
const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** An SVG element: attributes (``onX`` functions become listeners), then children. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NAMESPACE, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Show a short message at the bottom of the screen. */
export function toast(message, kind = "error") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3500);
}

/** Player colours for seats, used when a game names none. */
export const SEAT_COLOURS = ["#e07a1f", "#2f6fd6", "#7b4bb5", "#c8323c", "#d9b310", "#8a8a8a"];

/** Named colours a game may use in its observation, mapped to readable shades. */
export const NAMED_COLOURS = {
  orange: "#e07a1f",
  blue: "#2f6fd6",
  purple: "#7b4bb5",
  red: "#c8323c",
  yellow: "#d9b310",
  white: "#f4f1e8",
  green: "#2e9e4f",
  black: "#303030",
};

/** A seat as the match's pages name it: the server's label for it (``match.labels``, e.g.
 * "Bot 3 (Sheep)" in Farms Race), else the seat's name. */
export function seatLabel(match, seat) {
  if (seat === null || seat === undefined) return "";
  if (Array.isArray(match.labels) && match.labels[seat]) return match.labels[seat];
  const s = match.seats[seat];
  return s ? s.name : `Seat ${seat + 1}`;
}

export function navigate(path) {
  history.pushState({}, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

// The matches this browser plays (created, claimed or joined), newest first, for the lobby.
const MINE_KEY = "farmstead:my-matches";
const MINE_MAX = 50;

/** The ids of this browser's matches, newest first. */
export function myMatches() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE_KEY) || "[]");
    return Array.isArray(list) ? list.filter((id) => typeof id === "string" && /^[A-Za-z0-9]{1,32}$/.test(id)) : [];
  } catch (err) {
    return [];
  }
}

/** Remember ``id`` as one of this browser's matches. */
export function rememberMatch(id) {
  const list = [id, ...myMatches().filter((m) => m !== id)].slice(0, MINE_MAX);
  try {
    localStorage.setItem(MINE_KEY, JSON.stringify(list));
  } catch (err) {
    // private mode: the lobby simply does not list it first
  }
}
