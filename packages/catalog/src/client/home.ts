/**
 * Home page: solved counts on the pack cards, and filtering by tag and title as you type. The filter
 * state lives in the query string, so reloads and the back button keep it.
 */
import { count, stringList } from "./data.js";
import { browserStorage, loadProgress, packRefOf, solvedCount } from "./progress.js";

interface Card {
  readonly element: HTMLElement;
  readonly title: string;
  readonly tags: readonly string[];
}

const cards: Card[] = [...document.querySelectorAll<HTMLElement>("[data-pack-card]")].map((element) => ({
  element,
  title: normalize(element.dataset.title ?? ""),
  tags: stringList(element.dataset.tags),
}));

showProgress();
setUpFilters();

function showProgress(): void {
  const storage = browserStorage();
  for (const { element } of cards) {
    const levels = stringList(element.dataset.levels);
    const progress = loadProgress(storage, packRefOf(element));
    const solved = solvedCount(progress, levels);
    const out = element.querySelector<HTMLElement>("[data-progress]");
    if (!out || solved === 0) continue;
    out.textContent = `${solved}/${levels.length} solved`;
    out.classList.toggle("complete", solved === levels.length);
    out.hidden = false;
  }
}

function setUpFilters(): void {
  const form = document.querySelector<HTMLFormElement>("[data-filters]");
  const search = form?.querySelector<HTMLInputElement>("[data-search]");
  if (!form || !search) return;
  const buttons = [...form.querySelectorAll<HTMLButtonElement>("[data-tag]")];
  const counter = document.querySelector<HTMLElement>("[data-result-count]");
  const empty = document.querySelector<HTMLElement>("[data-empty]");
  const params = new URLSearchParams(location.search);
  let tag = params.get("tag") ?? "";
  if (!buttons.some((b) => b.dataset.tag === tag)) tag = "";
  search.value = params.get("q") ?? "";

  const apply = (): void => {
    const query = normalize(search.value.trim());
    let shown = 0;
    for (const card of cards) {
      const visible = (!tag || card.tags.includes(tag)) && (!query || card.title.includes(query));
      card.element.hidden = !visible;
      if (visible) shown++;
    }
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.tag === tag));
    if (counter)
      counter.textContent = shown === cards.length ? "" : `${shown} of ${count(cards.length, "pack")} shown`;
    if (empty) empty.hidden = shown > 0;
    const next = new URLSearchParams();
    if (query) next.set("q", search.value.trim());
    if (tag) next.set("tag", tag);
    const qs = next.toString();
    history.replaceState(history.state, "", `${location.pathname}${qs ? `?${qs}` : ""}${location.hash}`);
  };

  for (const b of buttons)
    b.addEventListener("click", () => {
      tag = b.dataset.tag === tag ? "" : (b.dataset.tag ?? "");
      apply();
    });
  search.addEventListener("input", apply);
  form.addEventListener("submit", (e) => e.preventDefault());
  form.hidden = false;
  apply();
}

/** Case- and accent-insensitive text for matching. */
function normalize(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
