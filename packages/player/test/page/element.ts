/** The custom-element test page: registers `<gridponder-player>` and records the events it sends. */
import "../../src/define.js";

const events: { type: string; detail: unknown }[] = [];
for (const type of ["turn", "won", "lost", "level-change", "error"])
  document.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
(window as unknown as { gpEvents: typeof events }).gpEvents = events;
// Sizes through the CSSOM: the test server's CSP forbids inline style attributes.
for (const el of document.querySelectorAll<HTMLElement>("gridponder-player")) {
  el.style.width = "640px";
  el.style.height = "480px";
}
document.body.dataset.ready = "true";
